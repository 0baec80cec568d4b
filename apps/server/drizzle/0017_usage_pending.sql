CREATE TABLE "usage_pending" (
	"lane" smallint NOT NULL,
	"key_id" text NOT NULL,
	"user_id" text NOT NULL,
	"service" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"hits" bigint NOT NULL,
	"ok" bigint NOT NULL,
	"client_errors" bigint NOT NULL,
	"server_errors" bigint NOT NULL,
	"latency_sum" bigint NOT NULL,
	"latency_max" integer NOT NULL
);
--> statement-breakpoint
-- Counter rows are updated in place by every fold: room on their pages lets PostgreSQL keep a row's
-- new version on the same page without touching the indexes (a HOT update).
ALTER TABLE "usage_hourly" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "usage_daily" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "usage_daily_all" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "usage_request_cursors" SET (fillfactor = 70);
