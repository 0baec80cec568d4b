ALTER TABLE "users" ADD COLUMN "active_after_created" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_activation" boolean DEFAULT false NOT NULL;