-- FAQ categories can be named in Burmese and Vietnamese besides English (issue 20; docs/support.md "FAQs in
-- three languages"): {"my": {"name": …}, "vi": {…}}.
ALTER TABLE "faq_categories" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;