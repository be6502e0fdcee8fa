CREATE TABLE "home_profiles" (
	"tenant_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"home_kind" text,
	"year_built" smallint,
	"floor_area" integer,
	"stories" smallint,
	"foundation" text,
	"attic" boolean,
	"garage" boolean,
	"lawn" boolean,
	"irrigation" boolean,
	"pool" boolean,
	"water_supply" text,
	"sewer" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_profiles_tenant_id_property_id_pk" PRIMARY KEY("tenant_id","property_id")
);
--> statement-breakpoint
ALTER TABLE "home_profiles" ADD CONSTRAINT "home_profiles_tenant_id_property_id_properties_tenant_id_id_fk" FOREIGN KEY ("tenant_id","property_id") REFERENCES "public"."properties"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: a corporation's rows, under row-level security (migration 0026's function).
SELECT isolate_tenant_table('home_profiles');
