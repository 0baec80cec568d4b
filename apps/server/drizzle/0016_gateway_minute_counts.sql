CREATE TABLE "gateway_minute_counts" (
	"user_id" text NOT NULL,
	"kind" smallint NOT NULL,
	"minute" bigint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gateway_minute_counts_user_id_kind_minute_pk" PRIMARY KEY("user_id","kind","minute")
);
