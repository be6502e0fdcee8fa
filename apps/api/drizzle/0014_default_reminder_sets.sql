CREATE TABLE "default_reminders" (
	"tenant_id" uuid NOT NULL,
	"reminder_id" uuid NOT NULL,
	"maintenance_frequency_id" smallint NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "default_reminders_tenant_id_reminder_id_pk" PRIMARY KEY("tenant_id","reminder_id")
);
--> statement-breakpoint
ALTER TABLE "default_reminders" ADD CONSTRAINT "default_reminders_tenant_id_corporations_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."corporations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_reminders" ADD CONSTRAINT "default_reminders_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_reminders" ADD CONSTRAINT "default_reminders_maintenance_frequency_id_maintenance_frequencies_id_fk" FOREIGN KEY ("maintenance_frequency_id") REFERENCES "public"."maintenance_frequencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every customer corporation that exists starts with the default set new ones get
-- (defaultReminderSeed in src/db/reference-data.ts, whose names a test checks against this list),
-- each reminder at its catalogue frequency. On a new database the catalogue and the corporations
-- are added after the migrations, so this adds nothing there.
INSERT INTO "default_reminders" ("tenant_id", "reminder_id", "maintenance_frequency_id", "position")
SELECT c."id", r."id", r."default_frequency_id", (seed.position - 1)::smallint
FROM "corporations" AS c
CROSS JOIN unnest(ARRAY[
  'Replace HVAC filter',
  'Test smoke and CO detectors',
  'Clean gutters and downspouts',
  'Flush the water heater',
  'Clean the dryer vent',
  'Service heating system',
  'Service air conditioner'
]) WITH ORDINALITY AS seed(name, position)
JOIN "reminders" AS r ON r."name" = seed.name AND r."tenant_id" IS NULL AND r."active"
WHERE NOT c."is_system"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Row-level security as on every tenant table (migrations 0004 and 0007, docs/decisions/034),
-- switched on after the backfill, which the migrating user writes as the tables' owner.
ALTER TABLE "default_reminders" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "default_reminders" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "default_reminders" TO homeminder_app USING (
  tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)
);
--> statement-breakpoint
CREATE POLICY all_tenants ON "default_reminders" TO homeminder_all_tenants USING (true) WITH CHECK (true);
