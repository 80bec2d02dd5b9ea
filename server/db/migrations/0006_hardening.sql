-- Unlogged: a crash only refills the buckets, and no request pays for a WAL write.
CREATE UNLOGGED TABLE "api_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
