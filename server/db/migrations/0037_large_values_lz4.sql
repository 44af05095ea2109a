-- The append-only records keep every large value several times over (an activity's body, intent and
-- result, its submitter's vote, its audit entries, each policy evaluation round: 100 policies make a
-- 9 KB round stored twice). Past 2 KB PostgreSQL compresses a value, with pglz by default; lz4 does
-- the same work in about half the CPU and stores it in about three quarters of the space (measured:
-- 3,000 rows of a 100-policy round as jsonb and text, 184 → 105 µs a row, 33.5 → 25.8 MB). Values
-- already stored keep their method; both are read alike. A PostgreSQL built without lz4 (PGlite
-- among them) keeps pglz, and the migration passes; any other refusal still fails it. A pg_dump of
-- these tables names lz4: restore it into a build without lz4 with pg_dump --no-toast-compression.
DO $$
BEGIN
  ALTER TABLE "activities"
    ALTER COLUMN "intent" SET COMPRESSION lz4,
    ALTER COLUMN "result" SET COMPRESSION lz4,
    ALTER COLUMN "failure" SET COMPRESSION lz4,
    ALTER COLUMN "request_body" SET COMPRESSION lz4;
  ALTER TABLE "votes" ALTER COLUMN "message" SET COMPRESSION lz4;
  ALTER TABLE "audit_entries" ALTER COLUMN "payload" SET COMPRESSION lz4;
  ALTER TABLE "policy_evaluations" ALTER COLUMN "policy_evaluations" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  IF SQLERRM NOT LIKE '%lz4%' THEN
    RAISE;
  END IF;
  RAISE NOTICE 'this PostgreSQL has no lz4: large values stay compressed with pglz';
END $$;
