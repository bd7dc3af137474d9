CREATE TABLE "daily_activity" (
	"day" date NOT NULL,
	"image_id" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"unlikes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_activity_day_image_id_pk" PRIMARY KEY("day","image_id")
);
--> statement-breakpoint
ALTER TABLE "daily_activity" ADD CONSTRAINT "daily_activity_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_activity_image_idx" ON "daily_activity" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at");