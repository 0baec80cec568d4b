-- A bill is e-mailed to its customer once made (the `bills-notify` job) and again when an administrator
-- asks (docs/billing.md "The bill by e-mail"; issue 21). Bills made before this are not announced late:
-- the job takes only bills of the last 14 days, and their emailed_at stays null (they never were).
ALTER TABLE "bills" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bills_to_email_idx" ON "bills" USING btree ("created_at") WHERE "bills"."emailed_at" is null and "bills"."total_cents" > 0;