CREATE TABLE "sending_domains" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"selector" text NOT NULL,
	"private_key" text NOT NULL,
	"public_key" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sending_domains" ADD CONSTRAINT "sending_domains_tenant_id_corporations_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."corporations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: a corporation's row, under the same row-level security as every tenant table.
SELECT isolate_tenant_table('sending_domains');
