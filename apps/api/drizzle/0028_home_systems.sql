CREATE TABLE "home_systems" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"type" text,
	"installed_year" smallint,
	"installed_month" smallint,
	"brand" text,
	"model" text,
	"serial" text,
	"filter_size" text,
	"capacity" smallint,
	"water_filter" boolean,
	"fuel" text,
	"warranty_ends_on" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_systems_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "home_systems_month_with_year" CHECK ("home_systems"."installed_month" is null or "home_systems"."installed_year" is not null)
);
--> statement-breakpoint
ALTER TABLE "home_systems" ADD CONSTRAINT "home_systems_tenant_id_property_id_properties_tenant_id_id_fk" FOREIGN KEY ("tenant_id","property_id") REFERENCES "public"."properties"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_systems_property_idx" ON "home_systems" USING btree ("tenant_id","property_id");--> statement-breakpoint
-- Hand-written: a corporation's rows, under row-level security (migration 0026's function).
SELECT isolate_tenant_table('home_systems');
