CREATE TABLE "settings_weight" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"free" integer NOT NULL,
	"prefix" text NOT NULL,
	"paths" text NOT NULL,
	"subpath" text,
	"is_new" boolean DEFAULT true NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_batches" (
	"batch_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted" integer NOT NULL,
	"unclassified" integer NOT NULL,
	"unknown_key" integer NOT NULL,
	"out_of_range" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"key_id" text NOT NULL,
	"user_id" text NOT NULL,
	"service" text NOT NULL,
	"day" date NOT NULL,
	"hits" bigint NOT NULL,
	"ok" bigint NOT NULL,
	"client_errors" bigint NOT NULL,
	"server_errors" bigint NOT NULL,
	"latency_sum" bigint NOT NULL,
	"latency_max" integer NOT NULL,
	CONSTRAINT "usage_daily_day_key_id_service_pk" PRIMARY KEY("day","key_id","service")
);
--> statement-breakpoint
CREATE TABLE "usage_daily_all" (
	"service" text NOT NULL,
	"day" date NOT NULL,
	"hits" bigint NOT NULL,
	"ok" bigint NOT NULL,
	"client_errors" bigint NOT NULL,
	"server_errors" bigint NOT NULL,
	"latency_sum" bigint NOT NULL,
	"latency_max" integer NOT NULL,
	CONSTRAINT "usage_daily_all_service_day_pk" PRIMARY KEY("service","day")
);
--> statement-breakpoint
CREATE TABLE "usage_hourly" (
	"key_id" text NOT NULL,
	"user_id" text NOT NULL,
	"service" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"hits" bigint NOT NULL,
	"ok" bigint NOT NULL,
	"client_errors" bigint NOT NULL,
	"server_errors" bigint NOT NULL,
	"latency_sum" bigint NOT NULL,
	"latency_max" integer NOT NULL,
	CONSTRAINT "usage_hourly_hour_key_id_service_pk" PRIMARY KEY("hour","key_id","service")
);
--> statement-breakpoint
CREATE TABLE "usage_request_chunks" (
	"user_id" text NOT NULL,
	"first_seq" bigint NOT NULL,
	"last_seq" bigint NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"events" text NOT NULL,
	CONSTRAINT "usage_request_chunks_user_id_last_seq_pk" PRIMARY KEY("user_id","last_seq")
);
--> statement-breakpoint
CREATE TABLE "usage_request_cursors" (
	"user_id" text PRIMARY KEY NOT NULL,
	"next" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings_weight" ADD CONSTRAINT "settings_weight_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_request_cursors" ADD CONSTRAINT "usage_request_cursors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settings_weight_type_idx" ON "settings_weight" USING btree ("type","is_new") WHERE "settings_weight"."user_id" is null;--> statement-breakpoint
CREATE INDEX "usage_daily_user_idx" ON "usage_daily" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "usage_hourly_user_idx" ON "usage_hourly" USING btree ("user_id","hour");--> statement-breakpoint
-- Default rate settings for every SPEC service type (the pricing issue makes them editable).
INSERT INTO "settings_weight" ("id", "type", "rate", "free", "prefix", "paths", "subpath", "is_new") VALUES
  ('rat_seedloadmap000000000000000', 'LOAD_MAP', 0.007, 28000, '/map/v1', '/tiles,/styles,/sprites,/fonts', NULL, true),
  ('rat_seedstaticmap0000000000000', 'STATIC_MAP', 0.002, 100000, '/map/v1', '/static', NULL, true),
  ('rat_seedgeocode000000000000000', 'GEOCODE', 0.005, 40000, '/api/v1', '/geocode', NULL, true),
  ('rat_seedforwardgeocode00000000', 'FORWARD_GEOCODE', 0.005, 40000, '/api/v1', '/geocode/forward,/search', NULL, true),
  ('rat_seedreversegeocode00000000', 'REVERSE_GEOCODE', 0.005, 40000, '/api/v1', '/geocode/reverse,/reverse', NULL, true),
  ('rat_seeddirection0000000000000', 'DIRECTION', 0.005, 40000, '/api/v1', '/direction,/directions,/route', NULL, true),
  ('rat_seeddistancematrix00000000', 'DISTANCE_MATRIX', 0.005, 40000, '/api/v1', '/distancematrix,/distance-matrix,/matrix', NULL, true),
  ('rat_seedplacedetail00000000000', 'PLACE_DETAIL', 0.017, 11700, '/api/v1', '/place/detail,/place/details', NULL, true),
  ('rat_seedautocomplete0000000000', 'AUTOCOMPLETE', 0.00283, 70000, '/api/v1', '/place/autocomplete,/autocomplete', NULL, true),
  ('rat_seedsessionautocomplete000', 'SESSION_AUTOCOMPLETE', 0.017, 11700, '/api/v1', '/place/autocomplete,/autocomplete', '/session', true),
  ('rat_seedfindplacefromtext00000', 'FIND_PLACE_FROM_TEXT', 0.017, 11700, '/api/v1', '/place/findplacefromtext,/place/find', NULL, true),
  ('rat_seedtrip000000000000000000', 'TRIP', 0.01, 20000, '/api/v1', '/trip,/optimize', NULL, true);
