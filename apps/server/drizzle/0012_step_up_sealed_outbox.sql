ALTER TABLE "email_outbox" ADD COLUMN "sealed_secrets" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "step_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "step_up_method" text;