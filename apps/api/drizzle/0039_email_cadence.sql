ALTER TABLE "client_users" ADD COLUMN "email_cadence" text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_users" ADD COLUMN "unanswered_reminders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_users" ADD COLUMN "unanswered_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_users" ADD COLUMN "monthly_sent_for" date;--> statement-breakpoint
ALTER TABLE "corporations" ADD COLUMN "email_cadence" text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_subscriptions" ADD COLUMN "passed_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "client_users_monthly_idx" ON "client_users" USING btree ("tenant_id","monthly_sent_for") WHERE "client_users"."email_cadence" = 'monthly' or "client_users"."unanswered_reminders" >= 6;--> statement-breakpoint
ALTER TABLE "client_users" ADD CONSTRAINT "client_users_email_cadence_check" CHECK ("client_users"."email_cadence" in ('each', 'monthly'));--> statement-breakpoint
ALTER TABLE "corporations" ADD CONSTRAINT "corporations_email_cadence_check" CHECK ("corporations"."email_cadence" in ('each', 'monthly'));--> statement-breakpoint
-- Hand-written (docs/decisions/103): a new client starts with the corporation's choice, however
-- they are added (set-up, bulk upload, a sale to a new owner); they or staff may change it after.
CREATE FUNCTION client_users_email_cadence_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.email_cadence := coalesce(
    (SELECT co.email_cadence FROM corporations co WHERE co.id = NEW.tenant_id), 'each');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_users_email_cadence_default
  BEFORE INSERT ON client_users
  FOR EACH ROW EXECUTE FUNCTION client_users_email_cadence_default();
--> statement-breakpoint
-- Who needs attention (docs/decisions/087) learns one reason more, beside those of migration 0036,
-- which keep their definition under a name of their own:
--   quiet: the client answered none of their last 6 reminders (so they hear less), since the
--     first of them went.
ALTER FUNCTION client_attention_rows(uuid[], uuid[]) RENAME TO client_attention_rows_before_quiet;
--> statement-breakpoint
CREATE FUNCTION client_attention_rows(wanted_tenants uuid[], wanted_clients uuid[])
RETURNS TABLE (
  tenant_id uuid, client_user_id uuid, reason text, since timestamptz, property_id uuid,
  reply_id uuid, reminder_id uuid, subscription_id uuid, detail text, system_id uuid
)
LANGUAGE sql STABLE AS $$
  SELECT * FROM client_attention_rows_before_quiet(wanted_tenants, wanted_clients)
  UNION ALL
  SELECT c.tenant_id, c.id, 'quiet', c.unanswered_since, NULL, NULL, NULL, NULL,
         c.unanswered_reminders::text, NULL
    FROM (SELECT DISTINCT t, i FROM unnest(wanted_tenants, wanted_clients) AS w(t, i)) w
    JOIN client_users c ON c.tenant_id = w.t AND c.id = w.i
   WHERE c.unanswered_reminders >= 6 AND c.unanswered_since IS NOT NULL AND c.unsubscribed_at IS NULL
$$;
--> statement-breakpoint
-- A client who goes quiet, or answers again, or whose count moves on while quiet, is looked at again.
CREATE FUNCTION client_attention_quiet_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenants uuid[];
  clients uuid[];
BEGIN
  SELECT array_agg(n.tenant_id), array_agg(n.id) INTO tenants, clients
    FROM new_rows n JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.id = n.id
   WHERE n.unanswered_reminders <> o.unanswered_reminders
     AND greatest(n.unanswered_reminders, o.unanswered_reminders) >= 6;
  IF tenants IS NOT NULL THEN
    PERFORM refresh_client_attention(tenants, clients);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_attention_quiet_updated AFTER UPDATE ON client_users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_attention_quiet_changed();
--> statement-breakpoint
-- The dispatcher counts each client's unanswered reminders outside any corporation's scope. That
-- count moves no total of the client grid unless the client goes quiet or answers again, so such
-- an update leaves the version (and the corporation's row, which the dispatcher never locks) alone.
CREATE OR REPLACE FUNCTION client_grid_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF nullif(current_setting('app.tenant_id', true), '') IS NOT NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT tenant_id) INTO changed FROM new_rows;
  ELSIF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'client_users' THEN
    SELECT array_agg(DISTINCT tenant_id) INTO changed FROM (
      SELECT n.tenant_id FROM new_rows n JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.id = n.id
       WHERE to_jsonb(n) - '{unanswered_reminders,unanswered_since,monthly_sent_for}'::text[]
               IS DISTINCT FROM to_jsonb(o) - '{unanswered_reminders,unanswered_since,monthly_sent_for}'::text[]
          OR (n.unanswered_reminders >= 6) <> (o.unanswered_reminders >= 6)) AS touched;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT tenant_id) INTO changed
    FROM (SELECT tenant_id FROM new_rows UNION ALL SELECT tenant_id FROM old_rows) AS touched;
  ELSE
    SELECT array_agg(DISTINCT tenant_id) INTO changed FROM old_rows;
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM corporations WHERE id = ANY (changed) ORDER BY id FOR NO KEY UPDATE;
  UPDATE corporations SET client_grid_version = client_grid_version + 1 WHERE id = ANY (changed);
  RETURN NULL;
END $$;
