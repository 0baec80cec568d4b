CREATE TABLE "email_change_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"reason" text NOT NULL,
	"refuse_reason" text,
	"status" text DEFAULT 'unaccomplished' NOT NULL,
	"handled_by" text,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_change_requests_status_check" CHECK ("email_change_requests"."status" in ('unaccomplished', 'accomplished', 'refused')),
	CONSTRAINT "email_change_requests_new_email_lower" CHECK ("email_change_requests"."new_email" = lower("email_change_requests"."new_email")),
	CONSTRAINT "email_change_requests_lengths" CHECK (length("email_change_requests"."new_email") <= 255 and length("email_change_requests"."reason") <= 512 and length(coalesce("email_change_requests"."refuse_reason", '')) <= 1024),
	CONSTRAINT "email_change_requests_refusal" CHECK (("email_change_requests"."status" = 'refused') = ("email_change_requests"."refuse_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "email_change_requests" ADD CONSTRAINT "email_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_change_requests" ADD CONSTRAINT "email_change_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_change_requests_one_open_per_user" ON "email_change_requests" USING btree ("user_id") WHERE "email_change_requests"."status" = 'unaccomplished';--> statement-breakpoint
CREATE UNIQUE INDEX "email_change_requests_one_open_per_email" ON "email_change_requests" USING btree ("new_email") WHERE "email_change_requests"."status" = 'unaccomplished';--> statement-breakpoint
CREATE INDEX "email_change_requests_user_idx" ON "email_change_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_change_requests_status_idx" ON "email_change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
-- hand-written below
-- The audit log is append-only: no row is deleted, and the only change allowed is the actor's id
-- becoming null when that user is deleted (the foreign key's ON DELETE SET NULL).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'audit_log rows cannot be deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.actor_id IS NULL AND OLD.actor_id IS NOT NULL
     AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log rows cannot be changed' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
