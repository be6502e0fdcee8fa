-- The monthly email claims its clients corporation by corporation, each off this index with the
-- month as its condition: clients whose month is sent no longer lie in every later batch's way.
DROP INDEX "client_users_monthly_idx";--> statement-breakpoint
CREATE INDEX "client_users_monthly_idx" ON "client_users" USING btree ("tenant_id",coalesce("monthly_sent_for", '-infinity'::date)) WHERE "client_users"."email_cadence" = 'monthly' or "client_users"."unanswered_reminders" >= 6;