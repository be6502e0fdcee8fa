ALTER TABLE "reminders" ADD COLUMN "default_position" smallint;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_default_position_shared" CHECK ("reminders"."default_position" is null or "reminders"."tenant_id" is null);--> statement-breakpoint
-- The default set a new corporation starts with (docs/decisions/060), kept in the catalogue from
-- now on: a later migration changes it here, for installations in use. This gives them the set new
-- corporations got until now; a new installation gets it with the catalogue, from the reference
-- data (reminderCatalogue in src/db/reference-data.ts).
UPDATE "reminders" SET "default_position" = v.position
FROM (VALUES
  ('Replace HVAC filter', 0),
  ('Test smoke and CO detectors', 1),
  ('Clean gutters and downspouts', 2),
  ('Flush the water heater', 3),
  ('Clean the dryer vent', 4),
  ('Service heating system', 5),
  ('Service air conditioner', 6)
) AS v(name, position)
WHERE "reminders"."tenant_id" IS NULL AND "reminders"."name" = v.name;
