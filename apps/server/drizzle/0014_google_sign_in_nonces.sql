CREATE TABLE "google_sign_in_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "google_sign_in_nonces_expires_idx" ON "google_sign_in_nonces" USING btree ("expires_at");