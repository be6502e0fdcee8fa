CREATE TABLE "home_sales" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid,
	"address" text NOT NULL,
	"seller_id" uuid NOT NULL,
	"closing_on" date NOT NULL,
	"buyer_first_name" text NOT NULL,
	"buyer_last_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_realtor_id" uuid,
	"buyer_id" uuid,
	"closed_at" timestamp with time zone,
	"seller_report" "bytea",
	"marked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_sales_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "home_sales" ADD CONSTRAINT "home_sales_tenant_id_seller_id_client_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","seller_id") REFERENCES "public"."client_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "home_sales_open_key" ON "home_sales" USING btree ("tenant_id","property_id") WHERE "home_sales"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "home_sales_due_idx" ON "home_sales" USING btree ("closing_on") WHERE "home_sales"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "home_sales_seller_idx" ON "home_sales" USING btree ("tenant_id","seller_id");--> statement-breakpoint
-- Hand-written: a closed sale outlives the home, the buyer's client and the buyer's realtor; only
-- that column is cleared when they go.
ALTER TABLE "home_sales" ADD CONSTRAINT "home_sales_property_fk" FOREIGN KEY ("tenant_id","property_id") REFERENCES "public"."properties"("tenant_id","id") ON DELETE SET NULL ("property_id");--> statement-breakpoint
ALTER TABLE "home_sales" ADD CONSTRAINT "home_sales_buyer_fk" FOREIGN KEY ("tenant_id","buyer_id") REFERENCES "public"."client_users"("tenant_id","id") ON DELETE SET NULL ("buyer_id");--> statement-breakpoint
ALTER TABLE "home_sales" ADD CONSTRAINT "home_sales_buyer_realtor_fk" FOREIGN KEY ("tenant_id","buyer_realtor_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE SET NULL ("buyer_realtor_id");--> statement-breakpoint
-- A corporation's rows, under row-level security (migration 0026's function).
SELECT isolate_tenant_table('home_sales');
--> statement-breakpoint
-- A home passing to another client (a sale closing) changes who needs attention for both: the
-- clients it left and joined are refreshed in the statement's transaction, as migration 0026's are.
CREATE FUNCTION client_attention_owner_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenants uuid[];
  clients uuid[];
BEGIN
  SELECT array_agg(t), array_agg(i) INTO tenants, clients FROM (
    SELECT o.tenant_id AS t, o.client_user_id AS i FROM old_rows o
      JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
     WHERE n.client_user_id <> o.client_user_id
    UNION
    SELECT n.tenant_id, n.client_user_id FROM old_rows o
      JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
     WHERE n.client_user_id <> o.client_user_id) moved;
  IF tenants IS NOT NULL THEN
    PERFORM refresh_client_attention(tenants, clients);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER client_attention_owner_changed AFTER UPDATE ON properties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_attention_owner_changed();
