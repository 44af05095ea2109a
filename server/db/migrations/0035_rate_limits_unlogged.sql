-- Rate-limit counters are written by every request, queries included. As a logged table each of
-- those writes waited for a WAL flush at commit: a disk sync per whoami. Unlogged, a counter write
-- costs no WAL and no sync. What is given up is harmless for a counter: after a crash of PostgreSQL
-- (not a clean restart) the table starts empty, so the current window's budgets start again, and a
-- standby does not receive the counters.
ALTER TABLE "rate_limit_buckets" SET UNLOGGED;
