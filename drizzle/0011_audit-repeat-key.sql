ALTER TABLE `audit_event` ADD `repeat_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `audit_event_repeat_key` ON `audit_event` (`repeat_key`);