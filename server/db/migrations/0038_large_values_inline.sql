-- A policy evaluation round under 100 policies is 9 KB, in its audit entry and again in its table.
-- Past 2 KB a row is toasted down to 2 KB: lz4 (0037) compresses the round to about 2.5 KB, still
-- over, so PostgreSQL then moved it out of line — two TOAST chunks per copy, each a TOAST row and
-- index entry written with the activity and read back through the TOAST index. With every variable-
-- length column of these two tables MAIN, a row past 2 KB is still compressed, but kept in its row
-- unless it cannot fit a page (8 KB); only then does a value go out of line, as before. (MAIN on the
-- round alone was worse: the row's ids and hashes, still EXTENDED, went out of line one by one.
-- A column added to these tables later should be MAIN too.) Rows already stored keep their place.
ALTER TABLE "audit_entries"
  ALTER COLUMN "organization_id" SET STORAGE MAIN,
  ALTER COLUMN "kind" SET STORAGE MAIN,
  ALTER COLUMN "record_id" SET STORAGE MAIN,
  ALTER COLUMN "activity_id" SET STORAGE MAIN,
  ALTER COLUMN "previous_hash" SET STORAGE MAIN,
  ALTER COLUMN "hash" SET STORAGE MAIN,
  ALTER COLUMN "payload" SET STORAGE MAIN;
--> statement-breakpoint
ALTER TABLE "policy_evaluations"
  ALTER COLUMN "id" SET STORAGE MAIN,
  ALTER COLUMN "activity_id" SET STORAGE MAIN,
  ALTER COLUMN "organization_id" SET STORAGE MAIN,
  ALTER COLUMN "vote_id" SET STORAGE MAIN,
  ALTER COLUMN "policy_evaluations" SET STORAGE MAIN,
  ALTER COLUMN "outcome" SET STORAGE MAIN,
  ALTER COLUMN "deciding_policy_ids" SET STORAGE MAIN;
