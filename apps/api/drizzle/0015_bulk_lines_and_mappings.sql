CREATE TABLE "bulk_column_mappings" (
	"tenant_id" uuid NOT NULL,
	"header_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_column_mappings_tenant_id_header_key_pk" PRIMARY KEY("tenant_id","header_key")
);
--> statement-breakpoint
ALTER TABLE "bulk_items" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "bulk_items" ADD COLUMN "line" integer;--> statement-breakpoint
ALTER TABLE "bulk_items" ADD COLUMN "upload_id" uuid;--> statement-breakpoint
ALTER TABLE "bulk_column_mappings" ADD CONSTRAINT "bulk_column_mappings_tenant_id_corporations_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."corporations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_items_tenant_id_file_name_index" ON "bulk_items" USING btree ("tenant_id","file_name");--> statement-breakpoint
-- Hand-written: the saved column mappings are a corporation's rows, under row-level security as
-- every tenant table is (migrations 0004 and 0007, docs/decisions/034 and 033).
ALTER TABLE "bulk_column_mappings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "bulk_column_mappings" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "bulk_column_mappings" TO homeminder_app USING (
  tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)
);
--> statement-breakpoint
CREATE POLICY all_tenants ON "bulk_column_mappings" TO homeminder_all_tenants USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "bulk_column_mappings" TO homeminder_app, homeminder_all_tenants;
