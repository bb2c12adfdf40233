-- Core of the sandbox: users and their sessions, and a generic JSON document store that each
-- service's resources live in (one row per record, indexed where the service searches).

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  role text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  access_token text PRIMARY KEY,
  refresh_token text NOT NULL UNIQUE,
  username text NOT NULL,
  kind text NOT NULL DEFAULT 'user',
  access_expires_at timestamptz NOT NULL,
  refresh_expires_at timestamptz NOT NULL,
  revoked boolean NOT NULL DEFAULT false,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX sessions_username ON sessions (username);

CREATE TABLE records (
  collection text NOT NULL,
  id bigserial,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection, id)
);

CREATE TABLE files (
  id bigserial PRIMARY KEY,
  owner_collection text NOT NULL,
  owner_id bigint,
  file_name text NOT NULL,
  media_type text NOT NULL,
  size integer NOT NULL,
  content bytea NOT NULL,
  uploaded_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX files_owner ON files (owner_collection, owner_id);
