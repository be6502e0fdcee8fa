DROP INDEX "email_outbox_subscription_due_key";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "reminder_lead_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_subscriptions" ADD COLUMN "remind_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_subscriptions" ADD COLUMN "reminded_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminder_subscriptions" ADD COLUMN "nudge_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminder_subscriptions" ADD COLUMN "nudge_due_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_subscription_due_kind_key" ON "email_outbox" USING btree ("tenant_id","subscription_id","due_at","kind");--> statement-breakpoint
CREATE INDEX "reminder_subscriptions_remind_idx" ON "reminder_subscriptions" USING btree ("remind_at");--> statement-breakpoint
CREATE INDEX "reminder_subscriptions_nudge_idx" ON "reminder_subscriptions" USING btree ("nudge_at") WHERE "reminder_subscriptions"."nudge_at" is not null;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_reminder_lead_days_check" CHECK ("properties"."reminder_lead_days" in (0, 3, 7, 14));--> statement-breakpoint
-- Hand-written (docs/decisions/102): the dispatcher claims subscriptions by `remind_at`, which
-- this trigger keeps as the rule says, so that no writer of a due date has to know it: the due
-- date less the home's lead time, or the due date itself once the email ahead of it has gone.
-- Days are subtracted in the session's zone (UTC), so across a change of the clocks the email
-- ahead may go an hour earlier or later; the outbox keeps it out of the quiet hours.
CREATE FUNCTION reminder_remind_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.reminded_due_at IS NOT DISTINCT FROM NEW.next_due_at THEN
    NEW.remind_at := NEW.next_due_at;
  ELSE
    NEW.remind_at := NEW.next_due_at - make_interval(days => coalesce(
      (SELECT p.reminder_lead_days FROM properties p
        WHERE p.tenant_id = NEW.tenant_id AND p.id = NEW.property_id), 0));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER reminder_subscriptions_remind_at
  BEFORE INSERT OR UPDATE OF next_due_at, reminded_due_at ON reminder_subscriptions
  FOR EACH ROW EXECUTE FUNCTION reminder_remind_at();
--> statement-breakpoint
-- A home's new lead time moves the claim time of each of its subscriptions.
CREATE FUNCTION properties_lead_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reminder_subscriptions SET next_due_at = next_due_at
   WHERE tenant_id = NEW.tenant_id AND property_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER properties_lead_days_changed
  AFTER UPDATE OF reminder_lead_days ON properties
  FOR EACH ROW WHEN (OLD.reminder_lead_days IS DISTINCT FROM NEW.reminder_lead_days)
  EXECUTE FUNCTION properties_lead_days_changed();
--> statement-breakpoint
-- Every home starts on the day it is due, as before: each subscription is claimed at its due date.
UPDATE reminder_subscriptions SET remind_at = next_due_at;
