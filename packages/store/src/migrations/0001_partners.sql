CREATE TABLE partners (
  partner_id text PRIMARY KEY,
  name text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  order_source text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  branch_resolution_confirmed_at timestamptz
);

-- Only the SHA-256 of a key is stored; the prefix names the key in logs and the admin API.
CREATE TABLE partner_keys (
  key_hash text PRIMARY KEY,
  key_prefix text NOT NULL UNIQUE,
  partner_id text NOT NULL REFERENCES partners (partner_id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX partner_keys_partner ON partner_keys (partner_id);

CREATE TABLE app_clients (
  client_id text PRIMARY KEY,
  partner_id text NOT NULL REFERENCES partners (partner_id),
  redirect_uris jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX app_clients_partner ON app_clients (partner_id);
