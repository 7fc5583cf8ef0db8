-- The last line of defence for the user table (ADR 010): whatever writes a user (our actions, better-auth, a script),
-- a name, e-mail or image of unbounded size, or a NUL byte, never reaches the table. Forms and database hooks give
-- the translated messages; these triggers only refuse.
CREATE TRIGGER `user_field_limits_insert` BEFORE INSERT ON `user`
WHEN length(NEW.name) > 100 OR instr(NEW.name, char(0)) > 0 OR length(NEW.email) > 254 OR length(coalesce(NEW.image, '')) > 2048
BEGIN SELECT RAISE(ABORT, 'user field limits'); END;
--> statement-breakpoint
CREATE TRIGGER `user_field_limits_update` BEFORE UPDATE OF `name`, `email`, `image` ON `user`
WHEN length(NEW.name) > 100 OR instr(NEW.name, char(0)) > 0 OR length(NEW.email) > 254 OR length(coalesce(NEW.image, '')) > 2048
BEGIN SELECT RAISE(ABORT, 'user field limits'); END;
