CREATE TABLE "usage_rollups" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"hourly_from" date NOT NULL,
	CONSTRAINT "usage_rollups_one_row" CHECK ("usage_rollups"."id" = 1)
);
--> statement-breakpoint
-- usage_daily is complete up to the last day with usage: new usage is read from usage_hourly from the
-- next day on (a new database: every day) until the usage-rollup job adds closed days to usage_daily.
INSERT INTO "usage_rollups" ("hourly_from")
SELECT coalesce((SELECT (max("hour") AT TIME ZONE 'UTC')::date + 1 FROM "usage_hourly"), '-infinity'::date);--> statement-breakpoint
CREATE VIEW "usage_daily_live" AS
SELECT "key_id", "user_id", "service", "day", "hits", "ok", "client_errors", "server_errors", "latency_sum", "latency_max"
FROM "usage_daily"
UNION ALL
SELECT "key_id", "user_id", "service", ("hour" AT TIME ZONE 'UTC')::date, "hits", "ok", "client_errors", "server_errors", "latency_sum", "latency_max"
FROM "usage_hourly"
WHERE "hour" >= coalesce((SELECT "hourly_from" FROM "usage_rollups"), '-infinity'::date)::timestamp AT TIME ZONE 'UTC';
