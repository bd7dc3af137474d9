CREATE TABLE "creator_totals" (
	"creator_id" integer PRIMARY KEY NOT NULL,
	"uploads" integer DEFAULT 0 NOT NULL,
	"likes" bigint DEFAULT 0 NOT NULL,
	"downloads" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_totals_not_negative" CHECK ("creator_totals"."uploads" >= 0 and "creator_totals"."likes" >= 0 and "creator_totals"."downloads" >= 0)
);
--> statement-breakpoint
ALTER TABLE "creator_totals" ADD CONSTRAINT "creator_totals_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;