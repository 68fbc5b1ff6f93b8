CREATE TABLE "payment_certificates" (
	"destination" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_base64" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
