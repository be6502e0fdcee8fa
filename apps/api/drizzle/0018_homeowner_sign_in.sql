ALTER TABLE "password_resets" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "client_users" ADD COLUMN "calendar_token_hash" text;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "client_user_id" uuid;--> statement-breakpoint
ALTER TABLE "reminder_subscriptions" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "client_user_id" uuid;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_tenant_id_client_user_id_client_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_user_id") REFERENCES "public"."client_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_tenant_id_client_user_id_client_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_user_id") REFERENCES "public"."client_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_users_calendar_token_key" ON "client_users" USING btree ("calendar_token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_tenant_id_client_user_id_index" ON "password_resets" USING btree ("tenant_id","client_user_id");--> statement-breakpoint
CREATE INDEX "sessions_tenant_id_client_user_id_index" ON "sessions" USING btree ("tenant_id","client_user_id");--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_one_person" CHECK (("password_resets"."user_id" is null) <> ("password_resets"."client_user_id" is null));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_one_person" CHECK (("sessions"."user_id" is null) <> ("sessions"."client_user_id" is null));