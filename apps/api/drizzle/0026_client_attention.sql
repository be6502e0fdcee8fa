CREATE TABLE "client_attention" (
	"tenant_id" uuid NOT NULL,
	"client_user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"property_id" uuid,
	"reply_id" uuid,
	"reminder_id" uuid,
	"subscription_id" uuid,
	"detail" text
);
--> statement-breakpoint
ALTER TABLE "client_attention" ADD CONSTRAINT "client_attention_tenant_id_client_user_id_client_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_user_id") REFERENCES "public"."client_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_attention_client_idx" ON "client_attention" USING btree ("tenant_id","client_user_id");--> statement-breakpoint
CREATE INDEX "client_attention_since_idx" ON "client_attention" USING btree ("tenant_id","since");--> statement-breakpoint
CREATE INDEX "email_outbox_failed_address_idx" ON "email_outbox" USING btree ("tenant_id",lower("to_address"),"created_at") WHERE "email_outbox"."status" = 'failed';
--> statement-breakpoint
-- Hand-written: who needs attention, kept as it happens (docs/decisions/087). A corporation's
-- table is put under row-level security as every tenant table is (migrations 0004 and 0007) by one
-- function, which later migrations call for their own tables.
CREATE FUNCTION isolate_tenant_table(tenant_table regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tenant_table);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tenant_table);
  EXECUTE format('CREATE POLICY tenant_isolation ON %s TO homeminder_app USING '
    || '(tenant_id = (select nullif(current_setting(''app.tenant_id'', true), '''')::uuid))', tenant_table);
  EXECUTE format('CREATE POLICY all_tenants ON %s TO homeminder_all_tenants USING (true) WITH CHECK (true)',
    tenant_table);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO homeminder_app, homeminder_all_tenants',
    tenant_table);
END $$;
--> statement-breakpoint
SELECT isolate_tenant_table('client_attention');
--> statement-breakpoint
-- The one definition of each reason (decision 063), for the clients named by the two arrays (their
-- corporations and ids, pair by pair), with no condition of time: `since` says when each began,
-- and the reader applies each reason's days (`attentionRules`).
--   help: a help request not handled, since asked;
--   overdue: for a client who ever replied, the first reminder emailed after the last "done" of
--     its subscription, the earliest of the client's, since its due date;
--   failedEmail: the first email to the client's current address that failed for good;
--   unsubscribed: since the unsubscribe;
--   invitation: an invitation not accepted, at its expiry.
CREATE FUNCTION client_attention_rows(wanted_tenants uuid[], wanted_clients uuid[])
RETURNS TABLE (
  tenant_id uuid, client_user_id uuid, reason text, since timestamptz, property_id uuid,
  reply_id uuid, reminder_id uuid, subscription_id uuid, detail text
)
LANGUAGE sql STABLE AS $$
  WITH wanted AS (
    SELECT c.* FROM (SELECT DISTINCT t, i FROM unnest(wanted_tenants, wanted_clients) AS w(t, i)) w
    JOIN client_users c ON c.tenant_id = w.t AND c.id = w.i
  )
  SELECT a.tenant_id, a.client_user_id, 'help', a.created_at, a.property_id, a.id, a.reminder_id,
         NULL::uuid, a.note
    FROM wanted c
    JOIN reminder_answers a ON a.tenant_id = c.tenant_id AND a.client_user_id = c.id
   WHERE a.kind = 'help' AND a.handled_at IS NULL
  UNION ALL
  SELECT * FROM (
    SELECT DISTINCT ON (c.tenant_id, c.id) c.tenant_id, c.id, 'overdue', o.due_at, p.id, NULL::uuid,
           NULL::uuid, s.id, NULL::text
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
  SELECT c.tenant_id, c.id, 'failedEmail', x.created_at, NULL, NULL, NULL, NULL, x.subject
    FROM wanted c
    CROSS JOIN LATERAL (
      SELECT o.created_at, o.subject FROM email_outbox o
       WHERE o.tenant_id = c.tenant_id AND o.status = 'failed' AND lower(o.to_address) = lower(c.email)
       ORDER BY o.created_at LIMIT 1) x
  UNION ALL
  SELECT c.tenant_id, c.id, 'unsubscribed', c.unsubscribed_at, NULL, NULL, NULL, NULL, NULL
    FROM wanted c WHERE c.unsubscribed_at IS NOT NULL
  UNION ALL
  SELECT c.tenant_id, c.id, 'invitation', c.invitation_expires_at, NULL, NULL, NULL, NULL, NULL
    FROM wanted c
   WHERE c.invitation_code IS NOT NULL AND c.password_hash IS NULL AND c.invitation_expires_at IS NOT NULL
$$;
--> statement-breakpoint
-- The kept rows of these clients made again from the definition.
CREATE FUNCTION refresh_client_attention(wanted_tenants uuid[], wanted_clients uuid[])
RETURNS void LANGUAGE sql AS $$
  DELETE FROM client_attention k USING unnest(wanted_tenants, wanted_clients) AS w(t, i)
   WHERE k.tenant_id = w.t AND k.client_user_id = w.i;
  INSERT INTO client_attention
    (tenant_id, client_user_id, reason, since, property_id, reply_id, reminder_id, subscription_id, detail)
  SELECT * FROM client_attention_rows(wanted_tenants, wanted_clients);
$$;
--> statement-breakpoint
-- What a statement changed, as the clients it touched: each trigger below names them with one
-- query over its transition table(s), and they are refreshed in the statement's own transaction.
CREATE FUNCTION client_attention_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
  END IF;
  IF tenants IS NOT NULL THEN
    PERFORM refresh_client_attention(tenants, clients);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Each table whose statements may change who needs attention, with the event and the transition
-- tables the function reads.
DO $$
DECLARE
  watched record;
BEGIN
  FOR watched IN SELECT * FROM (VALUES
    ('reminder_answers', 'INSERT', 'NEW TABLE AS new_rows'),
    ('reminder_answers', 'UPDATE', 'NEW TABLE AS new_rows'),
    ('reminder_answers', 'DELETE', 'OLD TABLE AS old_rows'),
    ('email_outbox', 'INSERT', 'NEW TABLE AS new_rows'),
    ('email_outbox', 'UPDATE', 'NEW TABLE AS new_rows'),
    ('client_users', 'INSERT', 'NEW TABLE AS new_rows'),
    ('client_users', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'),
    ('reminder_subscriptions', 'DELETE', 'OLD TABLE AS old_rows'),
    ('properties', 'DELETE', 'OLD TABLE AS old_rows')
  ) AS t(table_name, event, transition) LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s '
      || 'FOR EACH STATEMENT EXECUTE FUNCTION client_attention_changed()',
      'client_attention_' || rtrim(lower(watched.event), 'e') || 'ed', watched.event, watched.table_name,
      watched.transition);
  END LOOP;
END $$;
--> statement-breakpoint
-- What is already there, kept from now on.
SELECT refresh_client_attention(array_agg(tenant_id), array_agg(id)) FROM client_users;
