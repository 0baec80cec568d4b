-- A sent notification can be deleted (docs/requirements.md §16.2 lists a deleted state; issue 21): it stays,
-- with its counts and recipients, as deleted, and who deleted it when. The due index covers only what
-- the sender still reads (pending and sending).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_status_check";--> statement-breakpoint
DROP INDEX "notifications_due_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("send_at") WHERE "notifications"."status" in ('pending', 'sending');--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_status_check" CHECK ("notifications"."status" in ('pending', 'sending', 'sent', 'deleted'));