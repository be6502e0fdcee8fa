-- Each subscription keeps the local date its schedule counts from (docs/decisions/052): every due
-- date is a whole number of intervals after it, so a reminder anchored on the 31st returns to the
-- 31st after a short month. A subscription that exists already is anchored on its next due date,
-- read in the zone it is scheduled in (the property's, else the corporation's, else New York).
ALTER TABLE "reminder_subscriptions" ADD COLUMN "anchor_on" date;
--> statement-breakpoint
UPDATE "reminder_subscriptions" AS s
SET "anchor_on" = (s."next_due_at" AT TIME ZONE coalesce(pz.name, cz.name, 'America/New_York'))::date
FROM "properties" AS p
JOIN "corporations" AS co ON co."id" = p."tenant_id"
LEFT JOIN pg_timezone_names AS pz ON pz.name = p."time_zone"
LEFT JOIN pg_timezone_names AS cz ON cz.name = co."time_zone"
WHERE p."tenant_id" = s."tenant_id" AND p."id" = s."property_id";
--> statement-breakpoint
ALTER TABLE "reminder_subscriptions" ALTER COLUMN "anchor_on" SET NOT NULL;
--> statement-breakpoint
-- A property without reminders is a status of its own in the client grid (docs/decisions/052),
-- so adding a property's first reminder or removing its last one changes the grid's totals: the
-- grid version (migration 0008) moves on when subscriptions are added or removed. Their due dates
-- moving on, which the reminder service does all day, changes no total and moves nothing.
CREATE TRIGGER client_grid_changing BEFORE INSERT OR DELETE ON "reminder_subscriptions"
  FOR EACH STATEMENT EXECUTE FUNCTION client_grid_changing();
--> statement-breakpoint
CREATE TRIGGER client_grid_inserted AFTER INSERT ON "reminder_subscriptions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_grid_changed();
--> statement-breakpoint
CREATE TRIGGER client_grid_deleted AFTER DELETE ON "reminder_subscriptions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_grid_changed();
--> statement-breakpoint
CREATE TRIGGER client_grid_truncated AFTER TRUNCATE ON "reminder_subscriptions"
  FOR EACH STATEMENT EXECUTE FUNCTION client_grid_truncated();
