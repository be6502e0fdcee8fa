DROP INDEX "reminder_subscriptions_due_idx";--> statement-breakpoint
CREATE INDEX "reminder_subscriptions_tenant_due_idx" ON "reminder_subscriptions" USING btree ("tenant_id","next_due_at");