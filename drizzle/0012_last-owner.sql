-- An organization that exists keeps an owner (ADR 018): the database refuses, whichever path and process asks, the
-- deletion or the demotion of its last owner. An organization deleted takes its members with it: its row is gone
-- by the time the cascade removes them, so the rule does not hold it back. Roles are a comma-separated list.
CREATE TRIGGER `member_last_owner_deleted` AFTER DELETE ON `member`
WHEN ',' || replace(old.`role`, ' ', '') || ',' LIKE '%,owner,%'
  AND EXISTS (SELECT 1 FROM `organization` WHERE `id` = old.`organization_id`)
  AND NOT EXISTS (
    SELECT 1 FROM `member`
    WHERE `organization_id` = old.`organization_id` AND ',' || replace(`role`, ' ', '') || ',' LIKE '%,owner,%'
  )
BEGIN
  SELECT RAISE(ABORT, 'LAST_OWNER');
END;
--> statement-breakpoint
CREATE TRIGGER `member_last_owner_demoted` AFTER UPDATE OF `role`, `organization_id` ON `member`
WHEN ',' || replace(old.`role`, ' ', '') || ',' LIKE '%,owner,%'
  AND EXISTS (SELECT 1 FROM `organization` WHERE `id` = old.`organization_id`)
  AND NOT EXISTS (
    SELECT 1 FROM `member`
    WHERE `organization_id` = old.`organization_id` AND ',' || replace(`role`, ' ', '') || ',' LIKE '%,owner,%'
  )
BEGIN
  SELECT RAISE(ABORT, 'LAST_OWNER');
END;
