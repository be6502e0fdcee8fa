-- Each kept reason carries its client's realtor (docs/decisions/110), so a realtor's Needs
-- attention reads the realtor's own rows off an index instead of joining the corporation's list
-- to its clients. The realtor is copied when a reason is written and when a client changes hands.
ALTER TABLE "client_attention" ADD COLUMN "realtor_id" uuid;--> statement-breakpoint
UPDATE client_attention k SET realtor_id = c.realtor_id
  FROM client_users c
 WHERE c.tenant_id = k.tenant_id AND c.id = k.client_user_id AND c.realtor_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "client_attention_realtor_idx" ON "client_attention" USING btree ("tenant_id","realtor_id","reason","since");--> statement-breakpoint
-- Migration 0030's function, which also writes each row's realtor.
CREATE OR REPLACE FUNCTION refresh_client_attention(wanted_tenants uuid[], wanted_clients uuid[])
RETURNS void LANGUAGE sql AS $$
  DELETE FROM client_attention k USING unnest(wanted_tenants, wanted_clients) AS w(t, i)
   WHERE k.tenant_id = w.t AND k.client_user_id = w.i;
  INSERT INTO client_attention (tenant_id, client_user_id, reason, since, property_id, reply_id,
                                reminder_id, subscription_id, detail, system_id, realtor_id)
  SELECT r.*, c.realtor_id FROM client_attention_rows(wanted_tenants, wanted_clients) r
    JOIN client_users c ON c.tenant_id = r.tenant_id AND c.id = r.client_user_id;
$$;
--> statement-breakpoint
-- A client given to another realtor (or left without one when theirs leaves) takes their rows along.
-- Row by row, and only when the realtor is among what an update sets, so the dispatcher's and the
-- replies' updates of clients cost nothing more.
CREATE FUNCTION client_attention_realtor_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client_attention SET realtor_id = NEW.realtor_id
   WHERE tenant_id = NEW.tenant_id AND client_user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_attention_realtor_updated AFTER UPDATE OF realtor_id ON client_users
  FOR EACH ROW WHEN (OLD.realtor_id IS DISTINCT FROM NEW.realtor_id)
  EXECUTE FUNCTION client_attention_realtor_changed();
