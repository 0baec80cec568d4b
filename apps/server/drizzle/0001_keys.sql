CREATE TABLE "key_secrets" (
	"hash" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "keys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"restriction_list" jsonb,
	"secret_ciphertext" text NOT NULL,
	"secret_preview" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "keys_type_check" CHECK ("keys"."type" in ('api_key', 'maptiles_key')),
	CONSTRAINT "keys_status_check" CHECK ("keys"."status" in ('active', 'suspended'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "check_balance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "key_secrets" ADD CONSTRAINT "key_secrets_key_id_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keys" ADD CONSTRAINT "keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keys" ADD CONSTRAINT "keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "key_secrets_key_idx" ON "key_secrets" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "keys_user_live_idx" ON "keys" USING btree ("user_id","created_at") WHERE "keys"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "keys_user_deleted_idx" ON "keys" USING btree ("user_id","deleted_at") WHERE "keys"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "keys_created_idx" ON "keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_channel_check" CHECK ("email_outbox"."channel" in ('email', 'sms'));