CREATE TABLE "map_layers" (
	"id" text PRIMARY KEY NOT NULL,
	"map_id" text NOT NULL,
	"name" text NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "map_points" (
	"id" text PRIMARY KEY NOT NULL,
	"map_id" text NOT NULL,
	"layer_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "map_points_latitude_check" CHECK ("map_points"."latitude" between -90 and 90),
	CONSTRAINT "map_points_longitude_check" CHECK ("map_points"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "maps" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"key_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"base_style" text DEFAULT 'auto' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"view" jsonb,
	"share_token" text,
	"trashed_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maps_base_style_check" CHECK ("maps"."base_style" in ('auto', 'normal', 'dark', 'satellite', 'navigation_day', 'navigation_night')),
	CONSTRAINT "maps_default_not_trashed_check" CHECK (not ("maps"."is_default" and "maps"."trashed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "map_layers" ADD CONSTRAINT "map_layers_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_points" ADD CONSTRAINT "map_points_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_points" ADD CONSTRAINT "map_points_layer_id_map_layers_id_fk" FOREIGN KEY ("layer_id") REFERENCES "public"."map_layers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maps" ADD CONSTRAINT "maps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maps" ADD CONSTRAINT "maps_key_id_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "map_layers_map_idx" ON "map_layers" USING btree ("map_id","position");--> statement-breakpoint
CREATE INDEX "map_points_map_idx" ON "map_points" USING btree ("map_id","created_at");--> statement-breakpoint
CREATE INDEX "map_points_layer_idx" ON "map_points" USING btree ("layer_id");--> statement-breakpoint
CREATE INDEX "maps_user_idx" ON "maps" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "maps_share_token_key" ON "maps" USING btree ("share_token");--> statement-breakpoint
CREATE UNIQUE INDEX "maps_one_default_idx" ON "maps" USING btree ("user_id") WHERE "maps"."is_default";