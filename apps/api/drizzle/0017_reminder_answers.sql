CREATE TABLE "reminder_answers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"client_user_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"reminder_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"moved_from" timestamp with time zone,
	"moved_to" timestamp with time zone,
	"done_on" date,
	"note" text,
	"source" text NOT NULL,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_answers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "reminder_answers_kind_check" CHECK ("reminder_answers"."kind" in ('done', 'later', 'help')),
	CONSTRAINT "reminder_answers_source_check" CHECK ("reminder_answers"."source" in ('email', 'signed-in'))
);
--> statement-breakpoint
ALTER TABLE "reminder_answers" ADD CONSTRAINT "reminder_answers_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_answers" ADD CONSTRAINT "reminder_answers_tenant_id_client_user_id_client_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_user_id") REFERENCES "public"."client_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_answers" ADD CONSTRAINT "reminder_answers_tenant_id_property_id_properties_tenant_id_id_fk" FOREIGN KEY ("tenant_id","property_id") REFERENCES "public"."properties"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_answers" ADD CONSTRAINT "reminder_answers_tenant_id_subscription_id_reminder_subscriptions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","subscription_id") REFERENCES "public"."reminder_subscriptions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_answers_client_idx" ON "reminder_answers" USING btree ("tenant_id","client_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_answers_once_key" ON "reminder_answers" USING btree ("tenant_id","subscription_id","due_at","kind") WHERE "reminder_answers"."kind" in ('done', 'help');--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_answers_put_off_key" ON "reminder_answers" USING btree ("tenant_id","subscription_id","moved_from") WHERE "reminder_answers"."kind" = 'later';--> statement-breakpoint
-- Hand-written: the answers are a corporation's rows, under row-level security as every tenant
-- table is (migrations 0004 and 0007, docs/decisions/034 and 033).
ALTER TABLE "reminder_answers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "reminder_answers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "reminder_answers" TO homeminder_app USING (
  tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)
);
--> statement-breakpoint
CREATE POLICY all_tenants ON "reminder_answers" TO homeminder_all_tenants USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "reminder_answers" TO homeminder_app, homeminder_all_tenants;
