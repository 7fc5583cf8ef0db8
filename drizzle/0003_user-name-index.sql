-- The manager's user search matches the start of a name without regard to (ASCII) case: an index on lower(name).
CREATE INDEX `user_name_lower_idx` ON `user` (lower(`name`));
