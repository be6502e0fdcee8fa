CREATE TABLE "audit_log" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_user_id" uuid,
	"real_actor_user_id" uuid,
	"action" text NOT NULL,
	"record_type" text,
	"record_id" text,
	"details" jsonb,
	"ip_address" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bulk_items" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bulk_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_guid" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"validation_error" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_client_user_id" uuid,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "client_users" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"realtor_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"password_hash" text,
	"invitation_code" text,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_users_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "corporations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"site_name" text,
	"site_url" text,
	"contact_email" text,
	"contact_phone" text,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"address_line" text,
	"city" text,
	"state" text,
	"zip" text,
	"billing_name" text,
	"card_brand" text,
	"card_last4" text,
	"card_expiry" text,
	"licensed_properties" integer DEFAULT 0 NOT NULL,
	"license_starts_on" date,
	"license_ends_on" date,
	"branding_image" "bytea",
	"branding_image_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"subscription_id" uuid,
	"due_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_frequencies" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"interval_months" smallint NOT NULL,
	"sort_order" smallint NOT NULL,
	CONSTRAINT "maintenance_frequencies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "notification_dismissals" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_dismissals_tenant_id_user_id_notification_id_pk" PRIMARY KEY("tenant_id","user_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"severity" text DEFAULT 'info' NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privileges" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_user_id" uuid NOT NULL,
	"address_line" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"time_zone" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "reminder_subscriptions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"reminder_id" uuid NOT NULL,
	"maintenance_frequency_id" smallint NOT NULL,
	"next_due_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_subscriptions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"default_frequency_id" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "reminders_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "role_privileges" (
	"role_name" text NOT NULL,
	"privilege_name" text NOT NULL,
	CONSTRAINT "role_privileges_role_name_privilege_name_pk" PRIMARY KEY("role_name","privilege_name")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"parent_token_hash" text,
	"remember_me" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"template_id" text NOT NULL,
	"name" text NOT NULL,
	"file_name" text,
	"content_type" text,
	"file_size" integer,
	"file" "bytea",
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tenant_users" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"profile_image" "bytea",
	"profile_image_type" text,
	"password_changed_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_users_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role_name" text NOT NULL,
	CONSTRAINT "user_roles_tenant_id_user_id_role_name_pk" PRIMARY KEY("tenant_id","user_id","role_name")
);
--> statement-breakpoint
ALTER TABLE "bulk_items" ADD CONSTRAINT "bulk_items_tenant_id_corporations_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."corporations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_users" ADD CONSTRAINT "client_users_tenant_id_corporations_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."corporations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_users" ADD CONSTRAINT "client_users_tenant_id_realtor_id_tenant_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","realtor_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_dismissals" ADD CONSTRAINT "notification_dismissals_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_dismissals" ADD CONSTRAINT "notification_dismissals_tenant_id_user_id_tenant_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_tenant_id_user_id_tenant_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_tenant_id_client_user_id_client_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_user_id") REFERENCES "public"."client_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_subscriptions" ADD CONSTRAINT "reminder_subscriptions_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_subscriptions" ADD CONSTRAINT "reminder_subscriptions_maintenance_frequency_id_maintenance_frequencies_id_fk" FOREIGN KEY ("maintenance_frequency_id") REFERENCES "public"."maintenance_frequencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_subscriptions" ADD CONSTRAINT "reminder_subscriptions_tenant_id_property_id_properties_tenant_id_id_fk" FOREIGN KEY ("tenant_id","property_id") REFERENCES "public"."properties"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_default_frequency_id_maintenance_frequencies_id_fk" FOREIGN KEY ("default_frequency_id") REFERENCES "public"."maintenance_frequencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_privileges" ADD CONSTRAINT "role_privileges_role_name_roles_name_fk" FOREIGN KEY ("role_name") REFERENCES "public"."roles"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_privileges" ADD CONSTRAINT "role_privileges_privilege_name_privileges_name_fk" FOREIGN KEY ("privilege_name") REFERENCES "public"."privileges"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_tenant_id_user_id_tenant_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_tenant_id_corporations_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."corporations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_users" ADD CONSTRAINT "tenant_users_tenant_id_corporations_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."corporations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_name_roles_name_fk" FOREIGN KEY ("role_name") REFERENCES "public"."roles"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_tenant_id_user_id_tenant_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_tenant_id_at_index" ON "audit_log" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_items_tenant_guid_key" ON "bulk_items" USING btree ("tenant_id","item_guid");--> statement-breakpoint
CREATE INDEX "bulk_items_tenant_id_status_index" ON "bulk_items" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "client_users_tenant_email_key" ON "client_users" USING btree ("tenant_id",lower("email"));--> statement-breakpoint
CREATE INDEX "client_users_tenant_id_realtor_id_index" ON "client_users" USING btree ("tenant_id","realtor_id");--> statement-breakpoint
CREATE INDEX "client_users_tenant_id_last_name_first_name_index" ON "client_users" USING btree ("tenant_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "corporations_name_index" ON "corporations" USING btree ("name");--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_subscription_due_key" ON "email_outbox" USING btree ("tenant_id","subscription_id","due_at");--> statement-breakpoint
CREATE INDEX "notifications_starts_at_index" ON "notifications" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "password_resets_tenant_id_user_id_index" ON "password_resets" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "properties_tenant_id_client_user_id_index" ON "properties" USING btree ("tenant_id","client_user_id");--> statement-breakpoint
CREATE INDEX "properties_tenant_id_enabled_pending_index" ON "properties" USING btree ("tenant_id","enabled","pending");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_subscriptions_property_reminder_key" ON "reminder_subscriptions" USING btree ("tenant_id","property_id","reminder_id");--> statement-breakpoint
CREATE INDEX "reminder_subscriptions_due_idx" ON "reminder_subscriptions" USING btree ("next_due_at");--> statement-breakpoint
CREATE INDEX "sessions_tenant_id_user_id_index" ON "sessions" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "sessions_parent_token_hash_index" ON "sessions" USING btree ("parent_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_tenant_template_id_key" ON "templates" USING btree ("tenant_id","template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_tenant_name_key" ON "templates" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_users_email_key" ON "tenant_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "tenant_users_tenant_id_last_name_first_name_index" ON "tenant_users" USING btree ("tenant_id","last_name","first_name");