ALTER TABLE "users" ADD COLUMN "plan_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_renews_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_grace_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_reminded_for" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_plan_renews_idx" ON "users" USING btree ("plan_renews_at") WHERE "users"."plan_renews_at" is not null;--> statement-breakpoint
-- Plans bought from the balance before renewal existed renew from the day they were bought: the first
-- monthly anniversary after now (docs/pricing.md "Plans renew"). Plans staff set have no purchase row
-- and do not renew from the balance.
UPDATE "users" AS u SET
  "plan_started_at" = p.bought_at,
  "plan_renews_at" = (
    SELECT min(p.bought_at + make_interval(months => n)) FROM generate_series(1, 1200) AS n
    WHERE p.bought_at + make_interval(months => n) > now()
  )
FROM (
  SELECT DISTINCT ON (l.user_id) l.user_id, l.reference, l.created_at AS bought_at
  FROM "balance_logs" AS l WHERE l.type = 'plan_purchase' ORDER BY l.user_id, l.seq DESC
) AS p
JOIN "user_plans" AS plan ON plan.id = p.reference
WHERE u.id = p.user_id AND u.user_plan_id = p.reference AND plan.price_cents > 0;
