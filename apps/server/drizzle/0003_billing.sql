CREATE SEQUENCE "public"."bill_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "billing_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"started_by" text,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"users" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"code" text NOT NULL,
	"bill_date" timestamp with time zone NOT NULL,
	"billed_from" date NOT NULL,
	"billed_to" date NOT NULL,
	"is_new" boolean NOT NULL,
	"lines" jsonb NOT NULL,
	"amount_before_discount_cents" bigint NOT NULL,
	"discount_percent" numeric(18, 8) NOT NULL,
	"discount_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"free_credit_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"exchange_rate" numeric(18, 8) NOT NULL,
	"total_vnd" bigint NOT NULL,
	"transfer_content" text NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"vat" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_month_check" CHECK ("bills"."month" between 1 and 12),
	CONSTRAINT "bills_total_check" CHECK ("bills"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "range_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"setting_id" text NOT NULL,
	"request_from" integer NOT NULL,
	"request_to" integer NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"user_id" text,
	"create_by_id" text,
	"update_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "range_requests_rate_check" CHECK ("range_requests"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"rsapi_plan_id" text,
	"maptile_plan_id" text,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"request_limit" integer,
	"request_limit_duration" text DEFAULT 'month' NOT NULL,
	"load_limit" integer,
	"load_limit_duration" text DEFAULT 'month' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_plans_price_check" CHECK ("user_plans"."price_cents" >= 0),
	CONSTRAINT "user_plans_durations_check" CHECK ("user_plans"."request_limit_duration" in ('minute', 'day', 'month') and "user_plans"."load_limit_duration" in ('minute', 'day', 'month'))
);
--> statement-breakpoint
DROP INDEX "settings_weight_type_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "user_plan_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "price_book_is_new" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "range_requests" ADD CONSTRAINT "range_requests_setting_id_settings_weight_id_fk" FOREIGN KEY ("setting_id") REFERENCES "public"."settings_weight"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "range_requests" ADD CONSTRAINT "range_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_runs_one_running" ON "billing_runs" USING btree ("year","month") WHERE "billing_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "billing_runs_started_idx" ON "billing_runs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_user_month_key" ON "bills" USING btree ("user_id","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_code_key" ON "bills" USING btree ("code");--> statement-breakpoint
CREATE INDEX "bills_month_idx" ON "bills" USING btree ("year","month");--> statement-breakpoint
CREATE INDEX "bills_date_idx" ON "bills" USING btree ("bill_date");--> statement-breakpoint
CREATE UNIQUE INDEX "range_requests_setting_from_key" ON "range_requests" USING btree ("setting_id","request_from");--> statement-breakpoint
CREATE UNIQUE INDEX "user_plans_name_key" ON "user_plans" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_plans_one_default" ON "user_plans" USING btree ("is_default") WHERE "user_plans"."is_default";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_plan_id_user_plans_id_fk" FOREIGN KEY ("user_plan_id") REFERENCES "public"."user_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settings_weight_common_key" ON "settings_weight" USING btree ("type","is_new") WHERE "settings_weight"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "settings_weight_private_key" ON "settings_weight" USING btree ("user_id","type","is_new") WHERE "settings_weight"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "users_plan_idx" ON "users" USING btree ("user_plan_id");--> statement-breakpoint
ALTER TABLE "settings_weight" ADD CONSTRAINT "settings_weight_rate_check" CHECK ("settings_weight"."rate" > 0);--> statement-breakpoint
ALTER TABLE "settings_weight" ADD CONSTRAINT "settings_weight_free_check" CHECK ("settings_weight"."free" >= 0);--> statement-breakpoint
-- Seed: the current price book's volume ranges (the pricing popup's tiers: full rate up to 100,000
-- requests a month, 20% off to 500,000, 40% off above), a legacy book at 120% with flat rates, and plans.
INSERT INTO "range_requests" ("id", "setting_id", "request_from", "request_to", "rate")
SELECT 'rng_' || substr(md5(s."id" || ':' || v.n::text), 1, 26), s."id", v.f, v.t, round(s."rate" * v.m, 8)
FROM "settings_weight" s, (VALUES (1, 0, 100000, 1.0), (2, 100000, 200000, 0.8), (3, 200000, 500000, 0.8), (4, 500000, -1, 0.6)) AS v(n, f, t, m)
WHERE s."user_id" IS NULL AND s."is_new";--> statement-breakpoint
INSERT INTO "settings_weight" ("id", "type", "rate", "free", "prefix", "paths", "subpath", "is_new")
SELECT 'rat_' || substr(md5('legacy:' || "id"), 1, 26), "type", round("rate" * 1.2, 8), "free", "prefix", "paths", "subpath", false
FROM "settings_weight" WHERE "user_id" IS NULL AND "is_new";--> statement-breakpoint
INSERT INTO "user_plans" ("id", "name", "description", "rsapi_plan_id", "maptile_plan_id", "price_cents", "request_limit", "request_limit_duration", "load_limit", "load_limit_duration", "is_default") VALUES
  ('pln_seedpayasyougo000000000000', 'Pay as you go', 'No monthly fee and no limits: every request is billed at the rates of the pricing table.', 'payg', 'payg', 0, NULL, 'month', NULL, 'month', true),
  ('pln_seedstandard00000000000000', 'Standard', 'For production apps: up to 50,000 API requests and 20,000 map loads a day.', 'standard', 'standard', 4900, 50000, 'day', 20000, 'day', false),
  ('pln_seedbusiness00000000000000', 'Business', 'High throughput: up to 6,000 API requests and 2,000 map loads a minute.', 'business', 'business', 19900, 6000, 'minute', 2000, 'minute', false);
