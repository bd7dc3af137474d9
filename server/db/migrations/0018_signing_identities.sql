CREATE TABLE "signing_identities" (
	"name" text PRIMARY KEY NOT NULL,
	"chain_pem" text NOT NULL,
	"sealed_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
