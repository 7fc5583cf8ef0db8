CREATE TABLE `job` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`run_at` integer NOT NULL,
	`expires_at` integer,
	`holder` text,
	`lease_until` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `job_state_run_at` ON `job` (`state`,`run_at`);--> statement-breakpoint
CREATE INDEX `job_kind_state` ON `job` (`kind`,`state`);--> statement-breakpoint
CREATE TABLE `job_schedule` (
	`name` text PRIMARY KEY NOT NULL,
	`cron` text NOT NULL,
	`next_run_at` integer NOT NULL,
	`last_run_at` integer,
	`last_job_id` text
);
--> statement-breakpoint
-- An invitation and its e-mail commit together, or neither does (ADR 046): whichever path writes the row
-- (better-auth's createInvitation, or a resend that moves its end), the database queues the e-mail in the same
-- transaction. The job waits 5 s for the request to add the inviter's browser and release it
-- (app/.server/features/invitations.ts); if that request died in between, the e-mail goes without them.
CREATE TRIGGER `invitation_email_on_insert` AFTER INSERT ON `invitation`
WHEN new.`status` = 'pending'
BEGIN
  INSERT INTO `job` (`id`, `kind`, `payload`, `run_at`, `created_at`)
  VALUES (
    lower(hex(randomblob(16))), 'email.invitation', json_object('invitationId', new.`id`),
    cast(unixepoch('subsec') * 1000 as integer) + 5000, cast(unixepoch('subsec') * 1000 as integer)
  );
END;
--> statement-breakpoint
CREATE TRIGGER `invitation_email_on_resend` AFTER UPDATE OF `expires_at` ON `invitation`
WHEN new.`status` = 'pending' AND new.`expires_at` > old.`expires_at`
BEGIN
  INSERT INTO `job` (`id`, `kind`, `payload`, `run_at`, `created_at`)
  VALUES (
    lower(hex(randomblob(16))), 'email.invitation', json_object('invitationId', new.`id`),
    cast(unixepoch('subsec') * 1000 as integer) + 5000, cast(unixepoch('subsec') * 1000 as integer)
  );
END;
