ALTER TABLE "reminders" DROP CONSTRAINT "reminders_name_unique";--> statement-breakpoint
ALTER TABLE "reminder_subscriptions" ADD COLUMN "season" text;--> statement-breakpoint
ALTER TABLE "reminder_subscriptions" ADD COLUMN "last_done_on" date;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "tenant_id" uuid;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "season" text;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_tenant_id_corporations_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."corporations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_shared_name_key" ON "reminders" USING btree (lower("name")) WHERE "reminders"."tenant_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_tenant_name_key" ON "reminders" USING btree ("tenant_id",lower("name")) WHERE "reminders"."tenant_id" is not null;--> statement-breakpoint
-- The shared catalogue's seasons for installations that have it already (a new one gets them from
-- the reference data). Subscriptions keep no season (null): their dates do not move.
UPDATE "reminders" SET "season" = v.season
FROM (VALUES
  ('Service heating system', 'beforeWinter'),
  ('Service air conditioner', 'beforeSummer'),
  ('Clean gutters and downspouts', 'springAndAutumn'),
  ('Inspect the roof', 'spring'),
  ('Inspect windows and doors for drafts', 'beforeWinter'),
  ('Service the lawn sprinkler system', 'springAndAutumn'),
  ('Have the chimney swept', 'beforeWinter'),
  ('Pest inspection', 'spring')
) AS v(name, season)
WHERE "reminders"."tenant_id" IS NULL AND "reminders"."name" = v.name AND "reminders"."season" IS NULL;
