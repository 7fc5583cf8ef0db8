CREATE TABLE `step_up` (
	`session_id` text PRIMARY KEY NOT NULL,
	`verified_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `session`(`id`) ON UPDATE no action ON DELETE cascade
);
