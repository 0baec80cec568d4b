-- System-written balance movements keep their description as a catalogue key and parameters, so that each
-- reader (the customer, an operator in Vietnamese) sees it in their own language (docs/balance.md
-- "Descriptions"; issue 20). Older rows keep only their text, shown as written.
ALTER TABLE "balance_logs" ADD COLUMN "description_key" text;--> statement-breakpoint
ALTER TABLE "balance_logs" ADD COLUMN "description_params" jsonb;