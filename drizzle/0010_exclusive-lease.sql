CREATE TABLE `exclusive_lease` (
	`key` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
