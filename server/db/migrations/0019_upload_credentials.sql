CREATE TABLE "parent_credentials" (
	"image_id" integer PRIMARY KEY NOT NULL,
	"archive" text NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "parent_credentials" ADD CONSTRAINT "parent_credentials_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;