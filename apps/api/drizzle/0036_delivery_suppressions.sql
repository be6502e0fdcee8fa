CREATE TABLE "delivery_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"tenant_id" uuid NOT NULL,
	"address" text NOT NULL,
	"reason" text NOT NULL,
	"provider" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_suppressions_tenant_id_address_pk" PRIMARY KEY("tenant_id","address"),
	CONSTRAINT "email_suppressions_reason_check" CHECK ("email_suppressions"."reason" in ('bounce', 'complaint'))
);
--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_tenant_id_corporations_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."corporations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_users_email_idx" ON "client_users" USING btree (lower("email"));--> statement-breakpoint
-- Hand-written: a relay's report of a hard bounce or a complaint (docs/decisions/101). The
-- suppressions are a corporation's rows, under row-level security (migration 0026's function);
-- the events acted on are the system's, read and written by the all-tenants role only.
SELECT isolate_tenant_table('email_suppressions');
--> statement-breakpoint
REVOKE ALL ON "delivery_events" FROM homeminder_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON "delivery_events" TO homeminder_all_tenants;
--> statement-breakpoint
-- Who needs attention (docs/decisions/087) learns two reasons more, defined here beside the others
-- of migration 0030, which keep their definition under a name of their own:
--   bounced, markedSpam: the client's current address is on the corporation's suppression list
--     for a hard bounce or a spam complaint, since it was put there, with the relay's words.
ALTER FUNCTION client_attention_rows(uuid[], uuid[]) RENAME TO client_attention_rows_of_events;
--> statement-breakpoint
CREATE FUNCTION client_attention_rows(wanted_tenants uuid[], wanted_clients uuid[])
RETURNS TABLE (
  tenant_id uuid, client_user_id uuid, reason text, since timestamptz, property_id uuid,
  reply_id uuid, reminder_id uuid, subscription_id uuid, detail text, system_id uuid
)
LANGUAGE sql STABLE AS $$
  SELECT * FROM client_attention_rows_of_events(wanted_tenants, wanted_clients)
  UNION ALL
  SELECT c.tenant_id, c.id, CASE s.reason WHEN 'complaint' THEN 'markedSpam' ELSE 'bounced' END,
         s.created_at, NULL, NULL, NULL, NULL, s.detail, NULL
    FROM (SELECT DISTINCT t, i FROM unnest(wanted_tenants, wanted_clients) AS w(t, i)) w
    JOIN client_users c ON c.tenant_id = w.t AND c.id = w.i
    JOIN email_suppressions s ON s.tenant_id = c.tenant_id AND s.address = lower(c.email)
$$;
--> statement-breakpoint
-- An address put on the list, or taken off it, touches every client of the corporation who has it.
CREATE FUNCTION client_attention_suppression_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenants uuid[];
  clients uuid[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(c.tenant_id), array_agg(c.id) INTO tenants, clients
      FROM old_rows s JOIN client_users c ON c.tenant_id = s.tenant_id AND lower(c.email) = s.address;
  ELSE
    SELECT array_agg(c.tenant_id), array_agg(c.id) INTO tenants, clients
      FROM new_rows s JOIN client_users c ON c.tenant_id = s.tenant_id AND lower(c.email) = s.address;
  END IF;
  IF tenants IS NOT NULL THEN
    PERFORM refresh_client_attention(tenants, clients);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_attention_inserted AFTER INSERT ON email_suppressions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_attention_suppression_changed();
--> statement-breakpoint
CREATE TRIGGER client_attention_deleted AFTER DELETE ON email_suppressions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_attention_suppression_changed();
