ALTER TABLE "keys" ADD COLUMN "request_cap" bigint;--> statement-breakpoint
ALTER TABLE "keys" ADD COLUMN "spend_cap_cents" bigint;--> statement-breakpoint
ALTER TABLE "keys" ADD COLUMN "cap_month" text;--> statement-breakpoint
ALTER TABLE "keys" ADD COLUMN "cap_used_requests" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "keys" ADD COLUMN "cap_used_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "keys" ADD COLUMN "cap_measured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "keys" ADD COLUMN "cap_warned_month" text;--> statement-breakpoint
ALTER TABLE "keys" ADD COLUMN "cap_blocked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "keys_capped_idx" ON "keys" USING btree ("user_id") WHERE "keys"."deleted_at" is null and ("keys"."request_cap" is not null or "keys"."spend_cap_cents" is not null);--> statement-breakpoint
ALTER TABLE "keys" ADD CONSTRAINT "keys_request_cap_check" CHECK ("keys"."request_cap" is null or "keys"."request_cap" > 0);--> statement-breakpoint
ALTER TABLE "keys" ADD CONSTRAINT "keys_spend_cap_check" CHECK ("keys"."spend_cap_cents" is null or "keys"."spend_cap_cents" > 0);