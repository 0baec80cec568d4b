-- A price book a provider could launch with (issue 20). The seeded current book copied Google Maps
-- Platform's list prices (0.007 a map load, 0.005 a geocode…), so the pricing popup's comparison showed
-- the same price on every row. It now sits 40–60% under that list: map loads 3.50 USD per 1000, static
-- maps 1.00, geocoding 2.50 (reverse 2.00), directions and matrices 3.00, place details, session
-- autocomplete and find-place 8.00, autocomplete 1.50, trips 5.00; the volume ranges keep their steps
-- (full rate to 100,000 a month, 20% off to 500,000, 40% off above), the legacy book stays 20% over
-- the current one, and the free allowances are unchanged.
-- A running portal's prices never move under its customers: nothing changes once any bill exists, and
-- a seeded rate or range an admin has edited keeps its value.
UPDATE "range_requests" r SET "rate" = round(b.new_rate * (r."rate" / b.old_rate), 8), "updated_at" = now()
FROM (VALUES
  ('rat_seedloadmap000000000000000', 0.007, 0.0035),
  ('rat_seedstaticmap0000000000000', 0.002, 0.001),
  ('rat_seedgeocode000000000000000', 0.005, 0.0025),
  ('rat_seedforwardgeocode00000000', 0.005, 0.0025),
  ('rat_seedreversegeocode00000000', 0.005, 0.002),
  ('rat_seeddirection0000000000000', 0.005, 0.003),
  ('rat_seeddistancematrix00000000', 0.005, 0.003),
  ('rat_seedplacedetail00000000000', 0.017, 0.008),
  ('rat_seedautocomplete0000000000', 0.00283, 0.0015),
  ('rat_seedsessionautocomplete000', 0.017, 0.008),
  ('rat_seedfindplacefromtext00000', 0.017, 0.008),
  ('rat_seedtrip000000000000000000', 0.01, 0.005)
) AS b(id, old_rate, new_rate), "settings_weight" s
WHERE r."setting_id" = b.id AND s."id" = b.id AND s."rate" = b.old_rate AND r."user_id" IS NULL
  AND r."rate" IN (round(b.old_rate, 8), round(b.old_rate * 0.8, 8), round(b.old_rate * 0.6, 8))
  AND NOT EXISTS (SELECT 1 FROM "bills");--> statement-breakpoint
UPDATE "settings_weight" s SET "rate" = round(b.new_rate * 1.2, 8), "updated_at" = now()
FROM (VALUES
  ('rat_seedloadmap000000000000000', 0.007, 0.0035),
  ('rat_seedstaticmap0000000000000', 0.002, 0.001),
  ('rat_seedgeocode000000000000000', 0.005, 0.0025),
  ('rat_seedforwardgeocode00000000', 0.005, 0.0025),
  ('rat_seedreversegeocode00000000', 0.005, 0.002),
  ('rat_seeddirection0000000000000', 0.005, 0.003),
  ('rat_seeddistancematrix00000000', 0.005, 0.003),
  ('rat_seedplacedetail00000000000', 0.017, 0.008),
  ('rat_seedautocomplete0000000000', 0.00283, 0.0015),
  ('rat_seedsessionautocomplete000', 0.017, 0.008),
  ('rat_seedfindplacefromtext00000', 0.017, 0.008),
  ('rat_seedtrip000000000000000000', 0.01, 0.005)
) AS b(id, old_rate, new_rate)
WHERE s."id" = 'rat_' || substr(md5('legacy:' || b.id), 1, 26) AND s."rate" = round(b.old_rate * 1.2, 8)
  AND NOT EXISTS (SELECT 1 FROM "bills");--> statement-breakpoint
UPDATE "settings_weight" s SET "rate" = b.new_rate, "updated_at" = now()
FROM (VALUES
  ('rat_seedloadmap000000000000000', 0.007, 0.0035),
  ('rat_seedstaticmap0000000000000', 0.002, 0.001),
  ('rat_seedgeocode000000000000000', 0.005, 0.0025),
  ('rat_seedforwardgeocode00000000', 0.005, 0.0025),
  ('rat_seedreversegeocode00000000', 0.005, 0.002),
  ('rat_seeddirection0000000000000', 0.005, 0.003),
  ('rat_seeddistancematrix00000000', 0.005, 0.003),
  ('rat_seedplacedetail00000000000', 0.017, 0.008),
  ('rat_seedautocomplete0000000000', 0.00283, 0.0015),
  ('rat_seedsessionautocomplete000', 0.017, 0.008),
  ('rat_seedfindplacefromtext00000', 0.017, 0.008),
  ('rat_seedtrip000000000000000000', 0.01, 0.005)
) AS b(id, old_rate, new_rate)
WHERE s."id" = b.id AND s."rate" = b.old_rate AND NOT EXISTS (SELECT 1 FROM "bills");
