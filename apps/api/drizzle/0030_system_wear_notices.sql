CREATE TABLE "home_system_notices" (
	"tenant_id" uuid NOT NULL,
	"system_id" uuid NOT NULL,
	"notice" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_system_notices_tenant_id_system_id_notice_pk" PRIMARY KEY("tenant_id","system_id","notice")
);
--> statement-breakpoint
ALTER TABLE "client_attention" ADD COLUMN "system_id" uuid;--> statement-breakpoint
ALTER TABLE "home_systems" ADD COLUMN "wears_from" date;--> statement-breakpoint
ALTER TABLE "home_systems" ADD COLUMN "installed_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "home_system_notices" ADD CONSTRAINT "home_system_notices_tenant_id_system_id_home_systems_tenant_id_id_fk" FOREIGN KEY ("tenant_id","system_id") REFERENCES "public"."home_systems"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Hand-written: a system likely to need replacing, or whose warranty ends, is a reason to call
-- (docs/decisions/093). The notices are a corporation's rows, under row-level security.
SELECT isolate_tenant_table('home_system_notices');
--> statement-breakpoint
-- The definition of migration 0026 with two reasons more, each naming its system:
--   replacement: a system near the end of its typical life, since that day or, when its age was
--     given later, since it was given;
--   warranty: a system's warranty, at its last day (the reader lists it for the days before).
-- Dates are days of the corporation's zone, so each begins at its local midnight.
DROP FUNCTION client_attention_rows(uuid[], uuid[]);
--> statement-breakpoint
CREATE FUNCTION client_attention_rows(wanted_tenants uuid[], wanted_clients uuid[])
RETURNS TABLE (
  tenant_id uuid, client_user_id uuid, reason text, since timestamptz, property_id uuid,
  reply_id uuid, reminder_id uuid, subscription_id uuid, detail text, system_id uuid
)
LANGUAGE sql STABLE AS $$
  WITH wanted AS (
    SELECT c.* FROM (SELECT DISTINCT t, i FROM unnest(wanted_tenants, wanted_clients) AS w(t, i)) w
    JOIN client_users c ON c.tenant_id = w.t AND c.id = w.i
  )
  SELECT a.tenant_id, a.client_user_id, 'help', a.created_at, a.property_id, a.id, a.reminder_id,
         NULL::uuid, a.note, NULL::uuid
    FROM wanted c
    JOIN reminder_answers a ON a.tenant_id = c.tenant_id AND a.client_user_id = c.id
   WHERE a.kind = 'help' AND a.handled_at IS NULL
  UNION ALL
  SELECT * FROM (
    SELECT DISTINCT ON (c.tenant_id, c.id) c.tenant_id, c.id, 'overdue', o.due_at, p.id, NULL::uuid,
           NULL::uuid, s.id, NULL::text, NULL::uuid
      FROM wanted c
      JOIN properties p ON p.tenant_id = c.tenant_id AND p.client_user_id = c.id
      JOIN reminder_subscriptions s ON s.tenant_id = p.tenant_id AND s.property_id = p.id
      CROSS JOIN LATERAL (
        SELECT max(greatest(d.due_at, d.created_at)) AS last FROM reminder_answers d
         WHERE d.tenant_id = s.tenant_id AND d.subscription_id = s.id AND d.kind = 'done') done
      CROSS JOIN LATERAL (
        SELECT o.due_at FROM email_outbox o
         WHERE o.tenant_id = s.tenant_id AND o.subscription_id = s.id
           AND o.due_at > coalesce(done.last, '-infinity'::timestamptz)
           AND o.kind = 'reminder' AND o.status IN ('sent', 'kept')
         ORDER BY o.due_at LIMIT 1) o
     WHERE EXISTS (SELECT 1 FROM reminder_answers x
                    WHERE x.tenant_id = c.tenant_id AND x.client_user_id = c.id)
     ORDER BY c.tenant_id, c.id, o.due_at) overdue
  UNION ALL
  SELECT c.tenant_id, c.id, 'failedEmail', x.created_at, NULL, NULL, NULL, NULL, x.subject, NULL
    FROM wanted c
    CROSS JOIN LATERAL (
      SELECT o.created_at, o.subject FROM email_outbox o
       WHERE o.tenant_id = c.tenant_id AND o.status = 'failed' AND lower(o.to_address) = lower(c.email)
       ORDER BY o.created_at LIMIT 1) x
  UNION ALL
  SELECT c.tenant_id, c.id, 'unsubscribed', c.unsubscribed_at, NULL, NULL, NULL, NULL, NULL, NULL
    FROM wanted c WHERE c.unsubscribed_at IS NOT NULL
  UNION ALL
  SELECT c.tenant_id, c.id, 'invitation', c.invitation_expires_at, NULL, NULL, NULL, NULL, NULL, NULL
    FROM wanted c
   WHERE c.invitation_code IS NOT NULL AND c.password_hash IS NULL AND c.invitation_expires_at IS NOT NULL
  UNION ALL
  SELECT c.tenant_id, c.id, w.reason, w.since, p.id, NULL, NULL, NULL, NULL, h.id
    FROM wanted c
    JOIN corporations co ON co.id = c.tenant_id
    JOIN properties p ON p.tenant_id = c.tenant_id AND p.client_user_id = c.id
    JOIN home_systems h ON h.tenant_id = p.tenant_id AND h.property_id = p.id
    CROSS JOIN LATERAL (VALUES
      ('replacement', CASE WHEN h.wears_from IS NOT NULL
                        THEN greatest(h.wears_from::timestamp AT TIME ZONE co.time_zone, h.installed_set_at) END),
      ('warranty', h.warranty_ends_on::timestamp AT TIME ZONE co.time_zone)) w(reason, since)
   WHERE w.since IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_client_attention(wanted_tenants uuid[], wanted_clients uuid[])
RETURNS void LANGUAGE sql AS $$
  DELETE FROM client_attention k USING unnest(wanted_tenants, wanted_clients) AS w(t, i)
   WHERE k.tenant_id = w.t AND k.client_user_id = w.i;
  INSERT INTO client_attention (tenant_id, client_user_id, reason, since, property_id, reply_id,
                                reminder_id, subscription_id, detail, system_id)
  SELECT * FROM client_attention_rows(wanted_tenants, wanted_clients);
$$;
--> statement-breakpoint
-- Migration 0026's trigger function, which also hears a home's systems added, changed or removed.
CREATE OR REPLACE FUNCTION client_attention_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenants uuid[];
  clients uuid[];
BEGIN
  IF TG_TABLE_NAME = 'reminder_answers' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(tenant_id), array_agg(client_user_id) INTO tenants, clients FROM old_rows;
    ELSE
      SELECT array_agg(tenant_id), array_agg(client_user_id) INTO tenants, clients FROM new_rows;
    END IF;
  ELSIF TG_TABLE_NAME = 'email_outbox' THEN
    -- A reminder sent or kept may make its client overdue; a failure lists whoever has the address.
    SELECT array_agg(t), array_agg(i) INTO tenants, clients FROM (
      SELECT p.tenant_id AS t, p.client_user_id AS i FROM new_rows o
        JOIN reminder_subscriptions s ON s.tenant_id = o.tenant_id AND s.id = o.subscription_id
        JOIN properties p ON p.tenant_id = s.tenant_id AND p.id = s.property_id
       WHERE o.status IN ('sent', 'kept', 'failed')
      UNION
      SELECT c.tenant_id, c.id FROM new_rows o
        JOIN client_users c ON c.tenant_id = o.tenant_id AND lower(c.email) = lower(o.to_address)
       WHERE o.status = 'failed') touched;
  ELSIF TG_TABLE_NAME = 'client_users' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(tenant_id), array_agg(id) INTO tenants, clients FROM new_rows
       WHERE invitation_code IS NOT NULL OR unsubscribed_at IS NOT NULL;
    ELSE
      SELECT array_agg(n.tenant_id), array_agg(n.id) INTO tenants, clients
        FROM new_rows n JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.id = n.id
       WHERE n.unsubscribed_at IS DISTINCT FROM o.unsubscribed_at
          OR n.invitation_code IS DISTINCT FROM o.invitation_code
          OR n.invitation_expires_at IS DISTINCT FROM o.invitation_expires_at
          OR (n.password_hash IS NULL) <> (o.password_hash IS NULL)
          OR lower(n.email) <> lower(o.email);
    END IF;
  ELSIF TG_TABLE_NAME = 'reminder_subscriptions' THEN
    SELECT array_agg(p.tenant_id), array_agg(p.client_user_id) INTO tenants, clients
      FROM old_rows s JOIN properties p ON p.tenant_id = s.tenant_id AND p.id = s.property_id;
  ELSIF TG_TABLE_NAME = 'properties' THEN
    SELECT array_agg(tenant_id), array_agg(client_user_id) INTO tenants, clients FROM old_rows;
  ELSIF TG_TABLE_NAME = 'home_systems' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(p.tenant_id), array_agg(p.client_user_id) INTO tenants, clients
        FROM old_rows h JOIN properties p ON p.tenant_id = h.tenant_id AND p.id = h.property_id;
    ELSE
      SELECT array_agg(p.tenant_id), array_agg(p.client_user_id) INTO tenants, clients
        FROM new_rows h JOIN properties p ON p.tenant_id = h.tenant_id AND p.id = h.property_id;
    END IF;
  END IF;
  IF tenants IS NOT NULL THEN
    PERFORM refresh_client_attention(tenants, clients);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_attention_inserted AFTER INSERT ON home_systems REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_attention_changed();
--> statement-breakpoint
CREATE TRIGGER client_attention_updated AFTER UPDATE ON home_systems REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_attention_changed();
--> statement-breakpoint
CREATE TRIGGER client_attention_deleted AFTER DELETE ON home_systems REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_attention_changed();
--> statement-breakpoint
-- Warranties already entered are reasons from now on.
SELECT refresh_client_attention(array_agg(p.tenant_id), array_agg(p.client_user_id))
  FROM home_systems h JOIN properties p ON p.tenant_id = h.tenant_id AND p.id = h.property_id;
