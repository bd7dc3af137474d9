CREATE TABLE "download_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"image_id" integer NOT NULL,
	"image_title" text NOT NULL,
	"creator_name" text NOT NULL,
	"size" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"license_version" integer NOT NULL,
	"license_date" text NOT NULL,
	"license_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "download_receipts" ADD CONSTRAINT "download_receipts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_receipts_user_idx" ON "download_receipts" USING btree ("user_id","id" DESC NULLS FIRST);