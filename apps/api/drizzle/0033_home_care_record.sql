CREATE TABLE "home_care_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"system_id" uuid,
	"reply_id" uuid,
	"title" text NOT NULL,
	"done_on" date NOT NULL,
	"done_by" text DEFAULT 'self' NOT NULL,
	"pro_name" text,
	"pro_phone" text,
	"cost_cents" integer,
	"note" text,
	"replaces_system" boolean DEFAULT false NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_care_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "home_care_entries_done_by" CHECK ("home_care_entries"."done_by" in ('self', 'pro')),
	CONSTRAINT "home_care_entries_cost" CHECK ("home_care_entries"."cost_cents" is null or "home_care_entries"."cost_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "home_care_files" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_care_files_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "home_care_entries" ADD CONSTRAINT "home_care_entries_tenant_id_property_id_properties_tenant_id_id_fk" FOREIGN KEY ("tenant_id","property_id") REFERENCES "public"."properties"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_care_files" ADD CONSTRAINT "home_care_files_tenant_id_entry_id_home_care_entries_tenant_id_id_fk" FOREIGN KEY ("tenant_id","entry_id") REFERENCES "public"."home_care_entries"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_care_entries_property_idx" ON "home_care_entries" USING btree ("tenant_id","property_id","done_on");--> statement-breakpoint
CREATE UNIQUE INDEX "home_care_entries_reply_key" ON "home_care_entries" USING btree ("tenant_id","reply_id");--> statement-breakpoint
CREATE INDEX "home_care_files_entry_idx" ON "home_care_files" USING btree ("tenant_id","entry_id");--> statement-breakpoint
-- Hand-written: an entry outlives the reminder reply and the system it names; only that column is
-- cleared when they go.
ALTER TABLE "home_care_entries" ADD CONSTRAINT "home_care_entries_system_fk" FOREIGN KEY ("tenant_id","system_id") REFERENCES "public"."home_systems"("tenant_id","id") ON DELETE SET NULL ("system_id");--> statement-breakpoint
ALTER TABLE "home_care_entries" ADD CONSTRAINT "home_care_entries_reply_fk" FOREIGN KEY ("tenant_id","reply_id") REFERENCES "public"."reminder_answers"("tenant_id","id") ON DELETE SET NULL ("reply_id");--> statement-breakpoint
-- Every reminder already marked done is the first entry of its home's record.
INSERT INTO "home_care_entries" ("tenant_id", "property_id", "reply_id", "title", "done_on", "note", "recorded_by", "created_at", "updated_at")
SELECT a."tenant_id", a."property_id", a."id", r."name", a."done_on", a."note", a."actor_user_id", a."created_at", a."created_at"
  FROM "reminder_answers" a
  JOIN "reminders" r ON r."id" = a."reminder_id"
 WHERE a."kind" = 'done' AND a."done_on" IS NOT NULL;--> statement-breakpoint
-- A corporation's rows, under row-level security (migration 0026's function).
SELECT isolate_tenant_table('home_care_entries');--> statement-breakpoint
SELECT isolate_tenant_table('home_care_files');
