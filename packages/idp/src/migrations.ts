import type { Migration } from '@grocery/store';

/** The pool's tables (all prefixed `idp_`); times are Unix milliseconds from the pool's clock. */
export const IDP_MIGRATIONS: readonly Migration[] = [
  {
    id: '0001_user_pool',
    sql: `
CREATE TABLE idp_signing_keys (
  kid text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  state text NOT NULL CHECK (state IN ('current', 'previous', 'retired')),
  created_at bigint NOT NULL,
  retired_at bigint
);
CREATE UNIQUE INDEX idp_signing_keys_one_current ON idp_signing_keys (state) WHERE state = 'current';

CREATE TABLE idp_app_clients (
  client_id text PRIMARY KEY,
  name text NOT NULL,
  redirect_uris jsonb NOT NULL,
  created_at bigint NOT NULL
);

CREATE TABLE idp_users (
  sub uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text,
  password_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('UNCONFIRMED', 'CONFIRMED')),
  email_verified boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

CREATE TABLE idp_codes (
  id uuid PRIMARY KEY,
  sub uuid NOT NULL REFERENCES idp_users (sub) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('SIGN_UP', 'FORGOT_PASSWORD', 'EMAIL_OTP')),
  code_hash text NOT NULL,
  session_hash text UNIQUE,
  client_id text,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint,
  created_at bigint NOT NULL
);
CREATE INDEX idp_codes_sub_purpose ON idp_codes (sub, purpose);

CREATE TABLE idp_sessions (
  id uuid PRIMARY KEY,
  sub uuid NOT NULL REFERENCES idp_users (sub) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES idp_app_clients (client_id),
  refresh_token_hash text NOT NULL UNIQUE,
  auth_time bigint NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  revoked_at bigint
);
CREATE INDEX idp_sessions_sub ON idp_sessions (sub);

CREATE TABLE idp_attempts (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_start bigint NOT NULL,
  locked_until bigint
);
`,
  },
];
