-- Plans can be named and described in Burmese and Vietnamese besides English (issue 20; docs/pricing.md "Plans in
-- three languages"): {"my": {name, description}, "vi": {…}}; the seeded plans get theirs.
ALTER TABLE "user_plans" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The seeded plans in Burmese and Vietnamese, where staff have not changed their English words.
UPDATE "user_plans" SET "translations" = '{"my": {"name": "သုံးသလောက်ပေး", "description": "လစဉ်ကြေး မရှိ၊ ကန့်သတ်ချက် မရှိ — တောင်းဆိုမှုတိုင်းကို ဈေးနှုန်းဇယားအတိုင်း ကောက်ခံသည်။"}, "vi": {"name": "Trả theo mức dùng", "description": "Không phí hằng tháng, không giới hạn: mỗi yêu cầu được tính theo bảng giá."}}'::jsonb
WHERE "id" = 'pln_seedpayasyougo000000000000' AND "name" = 'Pay as you go' AND "description" = 'No monthly fee and no limits: every request is billed at the rates of the pricing table.';--> statement-breakpoint
UPDATE "user_plans" SET "translations" = '{"my": {"name": "စံ", "description": "ထုတ်လုပ်မှုအက်ပ်များအတွက် — တစ်ရက်လျှင် API တောင်းဆိုမှု 50,000 နှင့် မြေပုံဖွင့်မှု 20,000 အထိ။"}, "vi": {"name": "Tiêu chuẩn", "description": "Cho ứng dụng chạy thật: tối đa 50.000 yêu cầu API và 20.000 lượt tải bản đồ mỗi ngày."}}'::jsonb
WHERE "id" = 'pln_seedstandard00000000000000' AND "name" = 'Standard' AND "description" = 'For production apps: up to 50,000 API requests and 20,000 map loads a day.';--> statement-breakpoint
UPDATE "user_plans" SET "translations" = '{"my": {"name": "လုပ်ငန်း", "description": "အမြန်နှုန်းမြင့် — တစ်မိနစ်လျှင် API တောင်းဆိုမှု 6,000 နှင့် မြေပုံဖွင့်မှု 2,000 အထိ။"}, "vi": {"name": "Doanh nghiệp", "description": "Lưu lượng cao: tối đa 6.000 yêu cầu API và 2.000 lượt tải bản đồ mỗi phút."}}'::jsonb
WHERE "id" = 'pln_seedbusiness00000000000000' AND "name" = 'Business' AND "description" = 'High throughput: up to 6,000 API requests and 2,000 map loads a minute.';
