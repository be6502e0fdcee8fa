ALTER TABLE "reminders" ADD COLUMN "needs" text;--> statement-breakpoint
-- What a home needs for each shared task to fit it (docs/decisions/090), for installations in use;
-- a new installation gets it with the catalogue, from the reference data (reminderCatalogue in
-- src/db/reference-data.ts), which also adds the new tasks and the "Every 3 years" frequency.
UPDATE "reminders" SET "needs" = v.needs
FROM (VALUES
  ('Replace HVAC filter', 'forcedAir'),
  ('Service heating system', 'furnaceOrBoiler'),
  ('Service air conditioner', 'airConditioner'),
  ('Clean gutters and downspouts', 'ownRoof'),
  ('Inspect the roof', 'ownRoof'),
  ('Flush the water heater', 'tankWaterHeater'),
  ('Test the sump pump', 'sumpPump'),
  ('Clean the dryer vent', 'dryer'),
  ('Clean refrigerator coils', 'refrigerator'),
  ('Replace refrigerator water filter', 'fridgeWaterFilter'),
  ('Clean the range hood filter', 'rangeHood'),
  ('Service the lawn sprinkler system', 'irrigation'),
  ('Have the chimney swept', 'chimney'),
  -- The tasks the reference data adds with this change, for an installation that has them already.
  ('Pump the septic tank', 'septic'),
  ('Test the well water', 'well'),
  ('Service the heat pump', 'heatPump'),
  ('Descale the tankless water heater', 'tanklessWaterHeater'),
  ('Winterize the irrigation system', 'irrigation'),
  ('Service the pool or spa', 'pool')
) AS v(name, needs)
WHERE "reminders"."tenant_id" IS NULL AND "reminders"."name" = v.name;
