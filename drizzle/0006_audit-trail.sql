CREATE TABLE `audit_event` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`action` text NOT NULL,
	`outcome` text NOT NULL,
	`reason` text,
	`actor_id` text,
	`actor_label` text,
	`impersonator_id` text,
	`target_type` text,
	`target_id` text,
	`target_label` text,
	`ip` text,
	`details` text
);
--> statement-breakpoint
CREATE INDEX `audit_event_at` ON `audit_event` (`at`);--> statement-breakpoint
CREATE INDEX `audit_event_actor` ON `audit_event` (`actor_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_event_actor_label` ON `audit_event` (`actor_label`,`id`);--> statement-breakpoint
CREATE INDEX `audit_event_target` ON `audit_event` (`target_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_event_target_label` ON `audit_event` (`target_label`,`id`);--> statement-breakpoint
CREATE INDEX `audit_event_action` ON `audit_event` (`action`,`id`);--> statement-breakpoint
CREATE INDEX `audit_event_action_at` ON `audit_event` (`action`,`at`);