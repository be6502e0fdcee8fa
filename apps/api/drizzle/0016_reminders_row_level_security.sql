-- The catalogue now holds corporations' own tasks beside the shared ones (docs/decisions/058), so
-- it is under row-level security as every tenant table is (migrations 0004 and 0007): a
-- corporation sees the shared tasks (no tenant) and its own, and writes only its own.
ALTER TABLE "reminders" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "reminders" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "reminders" TO homeminder_app
  USING (tenant_id IS NULL OR tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY all_tenants ON "reminders" TO homeminder_all_tenants USING (true) WITH CHECK (true);
