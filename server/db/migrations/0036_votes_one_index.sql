-- votes_activity_user_idx (activity_id, user_id) already answers every lookup by activity_id: the
-- second index on activity_id alone only cost an extra index insert per vote.
DROP INDEX "votes_activity_idx";
