CREATE TABLE "home_health" (
	"tenant_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"score" smallint NOT NULL,
	"band" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"scored_on" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_health_tenant_id_property_id_pk" PRIMARY KEY("tenant_id","property_id")
);
--> statement-breakpoint
ALTER TABLE "home_health" ADD CONSTRAINT "home_health_tenant_id_property_id_properties_tenant_id_id_fk" FOREIGN KEY ("tenant_id","property_id") REFERENCES "public"."properties"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_health_tenant_score_idx" ON "home_health" USING btree ("tenant_id","score");--> statement-breakpoint
-- A corporation's rows, under row-level security (migration 0026's function).
SELECT isolate_tenant_table('home_health');
