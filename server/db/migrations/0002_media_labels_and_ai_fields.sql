ALTER TABLE "images" ADD COLUMN "media_label" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "ai_model" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "ai_prompt" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "ai_negative_prompt" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "ai_seed" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "ai_settings" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "generated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "images_hidden_idx" ON "images" USING btree ("id") WHERE "images"."status" = 'hidden';