CREATE TABLE "payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"origin" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"credit_cents" bigint,
	"provider_refund_id" text,
	"response_code" text,
	"reason" text,
	"request_key" text,
	"created_by" text,
	"balance_log_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "balance_logs" DROP CONSTRAINT "balance_logs_after_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_balance_check";--> statement-breakpoint
DROP INDEX "balance_logs_once_key";--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "approve_url" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_key" ON "payment_refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_request_key" ON "payment_refunds" USING btree ("intent_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_in_flight_key" ON "payment_refunds" USING btree ("intent_id") WHERE "payment_refunds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_refunds_intent_idx" ON "payment_refunds" USING btree ("intent_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_logs_once_key" ON "balance_logs" USING btree ("type","reference") WHERE "balance_logs"."type" in ('bill_payment', 'topup_vnpay', 'topup_paypal', 'topup_bank', 'coupon', 'credit_expiry', 'payment_refund');--> statement-breakpoint
ALTER TABLE "balance_logs" ADD CONSTRAINT "balance_logs_after_check" CHECK ("balance_logs"."balance_after_cents" >= 0 or "balance_logs"."amount_cents" > 0 or "balance_logs"."type" = 'payment_refund');