ALTER TABLE "client_users" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
-- The client's last activity is their latest answer to a reminder (docs/decisions/064); kept from
-- now on by the answer's own transaction, filled here for the answers given before.
UPDATE "client_users" c SET "last_activity_at" = latest.at
FROM (
  SELECT "tenant_id", "client_user_id", max("created_at") AS at
  FROM "reminder_answers" GROUP BY "tenant_id", "client_user_id"
) latest
WHERE c."tenant_id" = latest."tenant_id" AND c."id" = latest."client_user_id";--> statement-breakpoint
CREATE INDEX "audit_log_client_record_idx" ON "audit_log" USING btree ("tenant_id","record_id","at") WHERE "audit_log"."record_type" = 'client-user';--> statement-breakpoint
CREATE INDEX "client_users_tenant_activity_desc_idx" ON "client_users" USING btree ("tenant_id","last_activity_at" DESC NULLS LAST,lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "client_users_tenant_activity_asc_idx" ON "client_users" USING btree ("tenant_id","last_activity_at",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "client_users_tenant_realtor_activity_desc_idx" ON "client_users" USING btree ("tenant_id","realtor_id","last_activity_at" DESC NULLS LAST,lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "client_users_tenant_realtor_activity_asc_idx" ON "client_users" USING btree ("tenant_id","realtor_id","last_activity_at",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "reminder_answers_tenant_created_idx" ON "reminder_answers" USING btree ("tenant_id","created_at");