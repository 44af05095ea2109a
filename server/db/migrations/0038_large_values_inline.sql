-- A policy evaluation round under 100 policies is 9 KB, in its audit entry and again in its table.
-- Past 2 KB a row is toasted down to 2 KB: lz4 (0037) compresses the round to about 2.5 KB, and
-- PostgreSQL then moved the row's other values out of line one by one (ids and hashes of 40-70 bytes,
-- five chunks for an audit entry and four for an evaluation, each a TOAST row and index entry
-- written with the activity and read back through the TOAST index). With a 8160-byte target a row
-- is toasted only past a page's worth: the round is compressed and kept in its row, values up to
-- 8 KB are kept as they are, and only a row that still cannot fit a page goes out of line. Applies
-- to rows written from now on; rows already stored stay where they are.
ALTER TABLE "audit_entries" SET (toast_tuple_target = 8160);
--> statement-breakpoint
ALTER TABLE "policy_evaluations" SET (toast_tuple_target = 8160);
