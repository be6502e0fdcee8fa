ALTER TABLE "corporations" ADD COLUMN "brand_colour" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;