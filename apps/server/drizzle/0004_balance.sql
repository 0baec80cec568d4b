CREATE TABLE "balance_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"description" text,
	"reference" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_logs_amount_check" CHECK ("balance_logs"."amount_cents" <> 0),
	CONSTRAINT "balance_logs_after_check" CHECK ("balance_logs"."balance_after_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"coupon_id" text NOT NULL,
	"credit_cents" bigint NOT NULL,
	"unspent_cents" bigint NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone,
	"expired_amount_cents" bigint,
	CONSTRAINT "coupon_logs_unspent_check" CHECK ("coupon_logs"."unspent_cents" >= 0 and "coupon_logs"."unspent_cents" <= "coupon_logs"."credit_cents")
);
--> statement-breakpoint
CREATE TABLE "coupon_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"limit" integer DEFAULT -1 NOT NULL,
	"description" text,
	"event_code" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"type_id" text NOT NULL,
	"code" text NOT NULL,
	"credit_cents" bigint NOT NULL,
	"description" text,
	"date_expired" date NOT NULL,
	"balance_expires_day" integer NOT NULL,
	"limit" integer NOT NULL,
	"remaining" integer,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_credit_check" CHECK ("coupons"."credit_cents" > 0),
	CONSTRAINT "coupons_remaining_check" CHECK ("coupons"."remaining" is null or "coupons"."remaining" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"body_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "balance_alert_cents" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "balance_alert_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "balance_logs" ADD CONSTRAINT "balance_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_logs" ADD CONSTRAINT "coupon_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_logs" ADD CONSTRAINT "coupon_logs_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_type_id_coupon_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."coupon_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_logs_user_idx" ON "balance_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "balance_logs_created_idx" ON "balance_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_logs_once_key" ON "balance_logs" USING btree ("type","reference") WHERE "balance_logs"."type" in ('bill_payment', 'topup_vnpay', 'topup_paypal', 'topup_bank', 'coupon', 'credit_expiry');--> statement-breakpoint
CREATE UNIQUE INDEX "balance_logs_first_register_key" ON "balance_logs" USING btree ("user_id") WHERE "balance_logs"."type" = 'first_register';--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_logs_user_coupon_key" ON "coupon_logs" USING btree ("user_id","coupon_id");--> statement-breakpoint
CREATE INDEX "coupon_logs_due_idx" ON "coupon_logs" USING btree ("expires_at") WHERE "coupon_logs"."expired_at" is null;--> statement-breakpoint
CREATE INDEX "coupon_logs_user_idx" ON "coupon_logs" USING btree ("user_id","redeemed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_types_event_code_key" ON "coupon_types" USING btree ("event_code");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coupons_type_idx" ON "coupons" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_balance_check" CHECK ("users"."balance_cents" >= 0);