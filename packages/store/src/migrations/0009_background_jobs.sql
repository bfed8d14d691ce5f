-- Turns of background jobs that one instance at a time runs every so often (the idempotency sweep):
-- an instance takes a turn by moving next_turn_at past now, which one statement does for one caller.
CREATE TABLE job_turns (
  job text PRIMARY KEY,
  next_turn_at timestamptz NOT NULL
);

-- The idempotency sweep deletes keys past their retention, oldest first.
CREATE INDEX idempotency_keys_claimed_at ON idempotency_keys (claimed_at);
