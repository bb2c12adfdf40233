-- User service: single-use tokens of the password-reset and signup-confirmation mails (stored as
-- SHA-256 hashes, never in clear), and e-mail addresses unique across users.
CREATE TABLE user_tokens (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('password-reset', 'signup-confirmation')),
  username text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX user_tokens_username ON user_tokens (username, purpose);

CREATE UNIQUE INDEX users_email_unique ON users (lower(data->>'email')) WHERE data ? 'email';
