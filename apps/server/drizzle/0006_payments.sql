CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"event_id" text,
	"intent_id" text,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"bill_id" text,
	"status" text NOT NULL,
	"credit_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"exchange_rate" numeric(18, 8),
	"paypal_domestic" boolean,
	"transfer_content" text,
	"provider_order_id" text,
	"provider_txn_id" text,
	"bank_code" text,
	"bank_tran_no" text,
	"card_type" text,
	"response_code" text,
	"transaction_status" text,
	"pay_date" timestamp with time zone,
	"alert" text,
	"alert_params" jsonb,
	"alert_at" timestamp with time zone,
	"note" text,
	"decided_by" text,
	"balance_log_id" text,
	"client_ip" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_intents_amounts_check" CHECK ("payment_intents"."credit_cents" > 0 and "payment_intents"."fee_minor" >= 0 and "payment_intents"."total_minor" = "payment_intents"."amount_minor" + "payment_intents"."fee_minor"),
	CONSTRAINT "payment_intents_bill_check" CHECK (("payment_intents"."purpose" = 'bill') = ("payment_intents"."bill_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"data" jsonb NOT NULL,
	"next_notify_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_cards_last4_check" CHECK ("saved_cards"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_event_key" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_intent_idx" ON "payment_events" USING btree ("intent_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_reference_key" ON "payment_intents" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_provider_txn_key" ON "payment_intents" USING btree ("provider","provider_txn_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_provider_order_key" ON "payment_intents" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE INDEX "payment_intents_user_idx" ON "payment_intents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_intents_status_idx" ON "payment_intents" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_intents_bill_idx" ON "payment_intents" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "sandbox_payments_notify_idx" ON "sandbox_payments" USING btree ("next_notify_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_token_key" ON "saved_cards" USING btree ("provider","token");--> statement-breakpoint
CREATE INDEX "saved_cards_user_idx" ON "saved_cards" USING btree ("user_id");