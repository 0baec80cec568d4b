-- The balance log's order (docs/balance.md): a sequence, so that rows written in the same millisecond
-- still chain. Existing rows are numbered in created_at, id order, then the column becomes an identity
-- that continues after them.
ALTER TABLE "balance_logs" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "balance_logs" AS b SET "seq" = o.n FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "balance_logs") AS o WHERE o."id" = b."id";--> statement-breakpoint
ALTER TABLE "balance_logs" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_logs" ALTER COLUMN "seq" ADD GENERATED ALWAYS AS IDENTITY (sequence name "balance_logs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('"balance_logs_seq_seq"', (SELECT coalesce(max("seq"), 0) + 1 FROM "balance_logs"), false);--> statement-breakpoint
CREATE UNIQUE INDEX "balance_logs_seq_key" ON "balance_logs" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "balance_logs_user_seq_idx" ON "balance_logs" USING btree ("user_id","seq");
