-- A user's next request number is their newest chunk's last number + 1 (the newest chunk is never
-- deleted), read from the chunks' primary key: the fold no longer writes a cursor row per user.
DROP TABLE "usage_request_cursors" CASCADE;
