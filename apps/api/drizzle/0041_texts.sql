CREATE TABLE "text_consents" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"words" text NOT NULL,
	"collected_by" text NOT NULL,
	"collected_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	CONSTRAINT "text_consents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "text_outbox" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"client_user_id" uuid NOT NULL,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"subscription_id" uuid,
	"due_at" timestamp with time zone,
	"time_zone" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"provider_id" text,
	"last_error" text,
	"link_code" text,
	"link_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_outbox_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "text_consents" ADD CONSTRAINT "text_consents_tenant_id_client_user_id_client_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","client_user_id") REFERENCES "public"."client_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "text_consents_in_force_key" ON "text_consents" USING btree ("tenant_id","client_user_id") WHERE "text_consents"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "text_consents_phone_idx" ON "text_consents" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "text_outbox_pending_idx" ON "text_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "text_outbox_subscription_due_kind_key" ON "text_outbox" USING btree ("tenant_id","subscription_id","due_at","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "text_outbox_provider_id_key" ON "text_outbox" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "text_outbox_link_code_key" ON "text_outbox" USING btree ("link_code");--> statement-breakpoint
CREATE INDEX "text_outbox_client_idx" ON "text_outbox" USING btree ("tenant_id","client_user_id","created_at");--> statement-breakpoint
-- Hand-written (docs/decisions/106): consents and texts are a corporation's rows, under row-level
-- security (migration 0026's function); the dispatcher, the sender and the provider's webhooks
-- work across corporations as the all-tenants role.
SELECT isolate_tenant_table('text_consents');
--> statement-breakpoint
SELECT isolate_tenant_table('text_outbox');
--> statement-breakpoint
ALTER TABLE "text_consents" ADD CONSTRAINT "text_consents_collected_by_check"
  CHECK ("collected_by" in ('client', 'staff', 'text-reply'));
--> statement-breakpoint
ALTER TABLE "text_consents" ADD CONSTRAINT "text_consents_ended_by_check"
  CHECK ("ended_by" in ('client', 'staff', 'stop-reply', 'provider'));
--> statement-breakpoint
-- Who needs attention (docs/decisions/087) learns one reason more, beside those of migration 0039,
-- which keep their definition under a name of their own:
--   failedText: a text to the number the client agreed to be texted at could not be delivered,
--     since the first such, with the provider's words; a new agreement (or number) ends it.
ALTER FUNCTION client_attention_rows(uuid[], uuid[]) RENAME TO client_attention_rows_before_texts;
--> statement-breakpoint
CREATE FUNCTION client_attention_rows(wanted_tenants uuid[], wanted_clients uuid[])
RETURNS TABLE (
  tenant_id uuid, client_user_id uuid, reason text, since timestamptz, property_id uuid,
  reply_id uuid, reminder_id uuid, subscription_id uuid, detail text, system_id uuid
)
LANGUAGE sql STABLE AS $$
  SELECT * FROM client_attention_rows_before_texts(wanted_tenants, wanted_clients)
  UNION ALL
  SELECT k.tenant_id, k.client_user_id, 'failedText', x.created_at, NULL, NULL, NULL, NULL, x.last_error, NULL
    FROM (SELECT DISTINCT t, i FROM unnest(wanted_tenants, wanted_clients) AS w(t, i)) w
    JOIN text_consents k ON k.tenant_id = w.t AND k.client_user_id = w.i AND k.ended_at IS NULL
    CROSS JOIN LATERAL (
      SELECT o.created_at, o.last_error FROM text_outbox o
       WHERE o.tenant_id = k.tenant_id AND o.client_user_id = k.client_user_id AND o.status = 'failed'
         AND o.to_phone = k.phone AND o.created_at >= k.created_at
       ORDER BY o.created_at LIMIT 1) x
$$;
--> statement-breakpoint
-- A text that fails, and an agreement made or ended, look at the client again.
CREATE FUNCTION client_attention_texts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenants uuid[];
  clients uuid[];
BEGIN
  IF TG_TABLE_NAME = 'text_outbox' THEN
    SELECT array_agg(tenant_id), array_agg(client_user_id) INTO tenants, clients
      FROM new_rows WHERE status = 'failed';
  ELSE
    SELECT array_agg(tenant_id), array_agg(client_user_id) INTO tenants, clients FROM new_rows;
  END IF;
  IF tenants IS NOT NULL THEN
    PERFORM refresh_client_attention(tenants, clients);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_attention_updated AFTER UPDATE ON text_outbox REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_attention_texts_changed();
--> statement-breakpoint
CREATE TRIGGER client_attention_inserted AFTER INSERT ON text_consents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_attention_texts_changed();
--> statement-breakpoint
CREATE TRIGGER client_attention_updated AFTER UPDATE ON text_consents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_attention_texts_changed();
