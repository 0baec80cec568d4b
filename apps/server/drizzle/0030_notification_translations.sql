-- A notification can be written in Burmese and Vietnamese besides English (issue 20; docs/notifications.md "In
-- the recipient's language"): {"my": {subject, content}, "vi": {…}}; each recipient gets their language's.
ALTER TABLE "notifications" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;