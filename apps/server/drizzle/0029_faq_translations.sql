-- FAQ entries can be written in Burmese and Vietnamese besides English (issue 20; docs/support.md "FAQs in
-- three languages"): {"my": {title, question, answer}, "vi": {…}}, each language whole or absent.
ALTER TABLE "faqs" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;