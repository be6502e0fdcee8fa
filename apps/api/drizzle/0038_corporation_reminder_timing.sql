ALTER TABLE "corporations" ADD COLUMN "reminder_lead_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "corporations" ADD CONSTRAINT "corporations_reminder_lead_days_check" CHECK ("corporations"."reminder_lead_days" in (0, 3, 7, 14));--> statement-breakpoint
-- Hand-written (docs/decisions/102): a new home starts with its corporation's choice, however it
-- is added (set-up, bulk upload, a sale to a new owner); its owner or staff may change it after.
CREATE FUNCTION properties_lead_days_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.reminder_lead_days := coalesce(
    (SELECT co.reminder_lead_days FROM corporations co WHERE co.id = NEW.tenant_id), 0);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER properties_lead_days_default
  BEFORE INSERT ON properties
  FOR EACH ROW EXECUTE FUNCTION properties_lead_days_default();
