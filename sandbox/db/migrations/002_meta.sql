-- What the sandbox knows about its own data: which seed was loaded and when.
CREATE TABLE sandbox_meta (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
