CREATE TABLE "rate_limit_buckets" (
	"scope" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_buckets_scope_kind_subject_window_start_pk" PRIMARY KEY("scope","kind","subject","window_start")
);
