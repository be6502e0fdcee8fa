CREATE TABLE "home_system_files" (
	"tenant_id" uuid NOT NULL,
	"system_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_system_files_tenant_id_system_id_kind_pk" PRIMARY KEY("tenant_id","system_id","kind"),
	CONSTRAINT "home_system_files_kind" CHECK ("home_system_files"."kind" in ('label', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "home_system_files" ADD CONSTRAINT "home_system_files_tenant_id_system_id_home_systems_tenant_id_id_fk" FOREIGN KEY ("tenant_id","system_id") REFERENCES "public"."home_systems"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: a corporation's rows, under row-level security (migration 0026's function).
SELECT isolate_tenant_table('home_system_files');
