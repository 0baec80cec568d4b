-- Everyone's daily counters get one row per fold lane (readers sum them), so that folds of different
-- lanes never wait on each other's row (docs/usage.md "One batch, one transaction, then a fold").
ALTER TABLE "usage_daily_all" ADD COLUMN "lane" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_daily_all" DROP CONSTRAINT "usage_daily_all_service_day_pk";--> statement-breakpoint
ALTER TABLE "usage_daily_all" ADD CONSTRAINT "usage_daily_all_service_day_lane_pk" PRIMARY KEY("service","day","lane");--> statement-breakpoint
-- Sums a crashed fold left pending in the old per-row layout are folded here, once, before the table
-- takes its per-batch layout (their recent-requests log was already written by their batch).
INSERT INTO "usage_hourly" AS t ("key_id", "user_id", "service", "hour", "hits", "ok", "client_errors", "server_errors", "latency_sum", "latency_max")
SELECT "key_id", min("user_id"), "service", "hour", sum("hits")::int8, sum("ok")::int8, sum("client_errors")::int8, sum("server_errors")::int8, sum("latency_sum")::int8, max("latency_max")
FROM "usage_pending" GROUP BY "hour", "key_id", "service"
ON CONFLICT ("hour", "key_id", "service") DO UPDATE SET "hits" = t."hits" + excluded."hits", "ok" = t."ok" + excluded."ok",
  "client_errors" = t."client_errors" + excluded."client_errors", "server_errors" = t."server_errors" + excluded."server_errors",
  "latency_sum" = t."latency_sum" + excluded."latency_sum", "latency_max" = greatest(t."latency_max", excluded."latency_max");--> statement-breakpoint
INSERT INTO "usage_daily" AS t ("key_id", "user_id", "service", "day", "hits", "ok", "client_errors", "server_errors", "latency_sum", "latency_max")
SELECT "key_id", min("user_id"), "service", ("hour" AT TIME ZONE 'UTC')::date, sum("hits")::int8, sum("ok")::int8, sum("client_errors")::int8, sum("server_errors")::int8, sum("latency_sum")::int8, max("latency_max")
FROM "usage_pending" GROUP BY 4, "key_id", "service"
ON CONFLICT ("day", "key_id", "service") DO UPDATE SET "hits" = t."hits" + excluded."hits", "ok" = t."ok" + excluded."ok",
  "client_errors" = t."client_errors" + excluded."client_errors", "server_errors" = t."server_errors" + excluded."server_errors",
  "latency_sum" = t."latency_sum" + excluded."latency_sum", "latency_max" = greatest(t."latency_max", excluded."latency_max");--> statement-breakpoint
INSERT INTO "usage_daily_all" AS t ("service", "day", "lane", "hits", "ok", "client_errors", "server_errors", "latency_sum", "latency_max")
SELECT "service", ("hour" AT TIME ZONE 'UTC')::date, 0, sum("hits")::int8, sum("ok")::int8, sum("client_errors")::int8, sum("server_errors")::int8, sum("latency_sum")::int8, max("latency_max")
FROM "usage_pending" GROUP BY 2, "service"
ON CONFLICT ("service", "day", "lane") DO UPDATE SET "hits" = t."hits" + excluded."hits", "ok" = t."ok" + excluded."ok",
  "client_errors" = t."client_errors" + excluded."client_errors", "server_errors" = t."server_errors" + excluded."server_errors",
  "latency_sum" = t."latency_sum" + excluded."latency_sum", "latency_max" = greatest(t."latency_max", excluded."latency_max");--> statement-breakpoint
DROP TABLE "usage_pending";--> statement-breakpoint
-- One row per batch and lane: the batch's per-hour sums and its requests per user, as JSON text.
CREATE TABLE "usage_pending" (
	"id" bigint PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "usage_pending_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lane" smallint NOT NULL,
	"sums" text NOT NULL,
	"log" text NOT NULL
);
--> statement-breakpoint
-- Read back once by the fold and deleted: compressing them would cost more than it saves.
ALTER TABLE "usage_pending" ALTER COLUMN "sums" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "usage_pending" ALTER COLUMN "log" SET STORAGE EXTERNAL;
