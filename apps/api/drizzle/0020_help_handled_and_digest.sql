ALTER TABLE "reminder_answers" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminder_answers" ADD COLUMN "handled_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "reminder_answers" ADD COLUMN "handled_by_name" text;--> statement-breakpoint
ALTER TABLE "reminder_answers" ADD COLUMN "handled_note" text;--> statement-breakpoint
ALTER TABLE "tenant_users" ADD COLUMN "attention_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "reminder_answers_open_help_idx" ON "reminder_answers" USING btree ("tenant_id","created_at") WHERE "reminder_answers"."kind" = 'help' and "reminder_answers"."handled_at" is null;--> statement-breakpoint
ALTER TABLE "reminder_answers" ADD CONSTRAINT "reminder_answers_handled_check" CHECK ("reminder_answers"."handled_at" is null or "reminder_answers"."kind" = 'help');