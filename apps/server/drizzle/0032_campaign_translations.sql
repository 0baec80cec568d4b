-- A campaign's banner in Burmese and Vietnamese besides English (issue 20; docs/campaigns.md "Banners in three
-- languages"): its name in campaigns.translations, its images as campaign_files rows of that lang.
ALTER TABLE "campaign_files" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_files" ADD CONSTRAINT "campaign_files_lang_check" CHECK ("campaign_files"."lang" in ('en', 'my', 'vi'));