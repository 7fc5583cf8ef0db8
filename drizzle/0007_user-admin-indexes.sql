-- The manager's user list and dashboard at 100 000 users (docs/architecture.md).
-- Search: a name or e-mail containing the term anywhere, without regard to case, through a trigram full-text index
-- kept in step with the table by triggers (the same design as repository_search, ADR 006).
CREATE VIRTUAL TABLE `user_search` USING fts5(`name`, `email`, content='user', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `user_search_insert` AFTER INSERT ON `user` BEGIN
  INSERT INTO `user_search`(rowid, `name`, `email`) VALUES (new.rowid, new.`name`, new.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `user_search_delete` AFTER DELETE ON `user` BEGIN
  INSERT INTO `user_search`(`user_search`, rowid, `name`, `email`) VALUES ('delete', old.rowid, old.`name`, old.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `user_search_update` AFTER UPDATE OF `name`, `email` ON `user` BEGIN
  INSERT INTO `user_search`(`user_search`, rowid, `name`, `email`) VALUES ('delete', old.rowid, old.`name`, old.`email`);
  INSERT INTO `user_search`(rowid, `name`, `email`) VALUES (new.rowid, new.`name`, new.`email`);
END;
--> statement-breakpoint
INSERT INTO `user_search`(`user_search`) VALUES ('rebuild');
--> statement-breakpoint
-- Sorting by name or creation date, keyset-paginated with the id as tie-breaker.
CREATE INDEX `user_name_sort_idx` ON `user` (lower(`name`), `id`);
--> statement-breakpoint
CREATE INDEX `user_created_at_idx` ON `user` (`created_at`, `id`);
--> statement-breakpoint
-- The dashboard: banned users, and sessions still in force.
CREATE INDEX `user_banned_idx` ON `user` (`banned`) WHERE `banned` = 1;
--> statement-breakpoint
CREATE INDEX `session_expires_at_idx` ON `session` (`expires_at`);
