-- The language of an invitation e-mail, kept so that a resend speaks it too (better-auth additional field).
ALTER TABLE `invitation` ADD `language` text;
--> statement-breakpoint
-- Organizations at 10 000 organizations and 100 000 members (docs/architecture.md, "Organizations";
-- npm run bench:organizations).
-- One membership per person and organization: two acceptances of the same invitation cannot both be written.
CREATE UNIQUE INDEX `member_organization_user` ON `member` (`organization_id`, `user_id`);
--> statement-breakpoint
-- An organization's members in the order they joined, a page at a time (keyset on joined, id).
CREATE INDEX `member_organization_joined` ON `member` (`organization_id`, `created_at`, `id`);
--> statement-breakpoint
-- Team names are unique inside an organization, without regard to (ASCII) case.
CREATE UNIQUE INDEX `team_organization_name` ON `team` (`organization_id`, lower(`name`));
--> statement-breakpoint
-- An organization's pending invitations, and an address's.
CREATE INDEX `invitation_organization_status` ON `invitation` (`organization_id`, `status`, `expires_at`);
--> statement-breakpoint
CREATE INDEX `invitation_email_status` ON `invitation` (`email`, `status`);
--> statement-breakpoint
-- The manager's organization list: by name (case folded as the list sorts it), or newest first.
CREATE INDEX `organization_name_sort` ON `organization` (`name` COLLATE NOCASE, `id`);
--> statement-breakpoint
CREATE INDEX `organization_created_at` ON `organization` (`created_at`, `id`);
