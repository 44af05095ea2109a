CREATE TABLE "audit_chain_heads" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"previous_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_checkpoints" (
	"organization_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"statement" text NOT NULL,
	"signature" text NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_checkpoints_organization_id_seq_pk" PRIMARY KEY("organization_id","seq")
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"organization_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_entries_organization_id_seq_pk" PRIMARY KEY("organization_id","seq")
);
--> statement-breakpoint
CREATE INDEX "audit_entries_activity_idx" ON "audit_entries" USING btree ("activity_id");