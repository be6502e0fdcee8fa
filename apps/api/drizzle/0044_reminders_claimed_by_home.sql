-- A home's reminders due at one moment are claimed together, by home within the moment: its
-- client's row is then written once a batch, not once for each reminder (docs/decisions/102).
DROP INDEX "reminder_subscriptions_remind_idx";--> statement-breakpoint
DROP INDEX "reminder_subscriptions_nudge_idx";--> statement-breakpoint
CREATE INDEX "reminder_subscriptions_remind_idx" ON "reminder_subscriptions" USING btree ("remind_at","tenant_id","property_id");--> statement-breakpoint
CREATE INDEX "reminder_subscriptions_nudge_idx" ON "reminder_subscriptions" USING btree ("nudge_at","tenant_id","property_id") WHERE "reminder_subscriptions"."nudge_at" is not null;