-- Full-text search over repositories (name, link, description) with the trigram tokenizer: substring matches,
-- without regard to case, for terms of 3 characters or more (ADR 006). Kept in step with the table by triggers.
CREATE VIRTUAL TABLE `repository_search` USING fts5(`name`, `link`, `description`, content='repository', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `repository_search_insert` AFTER INSERT ON `repository` BEGIN
  INSERT INTO `repository_search`(rowid, `name`, `link`, `description`) VALUES (new.rowid, new.`name`, new.`link`, new.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `repository_search_delete` AFTER DELETE ON `repository` BEGIN
  INSERT INTO `repository_search`(`repository_search`, rowid, `name`, `link`, `description`) VALUES ('delete', old.rowid, old.`name`, old.`link`, old.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `repository_search_update` AFTER UPDATE ON `repository` BEGIN
  INSERT INTO `repository_search`(`repository_search`, rowid, `name`, `link`, `description`) VALUES ('delete', old.rowid, old.`name`, old.`link`, old.`description`);
  INSERT INTO `repository_search`(rowid, `name`, `link`, `description`) VALUES (new.rowid, new.`name`, new.`link`, new.`description`);
END;
--> statement-breakpoint
INSERT INTO `repository_search`(`repository_search`) VALUES ('rebuild');
