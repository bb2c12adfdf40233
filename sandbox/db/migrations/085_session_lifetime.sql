-- The sign-in instant of a session: a refresh keeps it, and no session outlives it by more than the
-- absolute lifetime (SANDBOX_SESSION_MAX_AGE). Sessions already stored count from their creation.
ALTER TABLE sessions ADD COLUMN signed_in_at timestamptz;
UPDATE sessions SET signed_in_at = created_at;
ALTER TABLE sessions ALTER COLUMN signed_in_at SET NOT NULL;
ALTER TABLE sessions ALTER COLUMN signed_in_at SET DEFAULT now();
