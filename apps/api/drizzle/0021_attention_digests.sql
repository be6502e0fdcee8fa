CREATE TABLE "attention_digests" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"items" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attention_digests_tenant_id_user_id_local_date_pk" PRIMARY KEY("tenant_id","user_id","local_date")
);
--> statement-breakpoint
ALTER TABLE "attention_digests" ADD CONSTRAINT "attention_digests_tenant_id_user_id_tenant_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: every tenant table is under forced row-level security with the same two policies
-- (migrations 0004 and 0007). Said once here, so a new table's migration is one line.
CREATE FUNCTION homeminder_tenant_table(name regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', name);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', name);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s TO homeminder_app USING '
      '(tenant_id = (select nullif(current_setting(''app.tenant_id'', true), '''')::uuid))',
    name
  );
  EXECUTE format(
    'CREATE POLICY all_tenants ON %s TO homeminder_all_tenants USING (true) WITH CHECK (true)', name
  );
  EXECUTE format(
    'GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO homeminder_app, homeminder_all_tenants', name
  );
END
$$;
--> statement-breakpoint
SELECT homeminder_tenant_table('attention_digests');
