-- Agent platforms a partner lets check out in its shop (DESIGN §6 "Callers"). Only the SHA-256 of a
-- credential is stored; its prefix names it in logs and the admin API. The webhook secret is the HMAC
-- key of ACP order events, so it is kept as it is (like webhook_endpoints.secret).
CREATE TABLE agents (
  agent_id text PRIMARY KEY,
  partner_id text NOT NULL REFERENCES partners (partner_id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  name text NOT NULL,
  protocols text[] NOT NULL CHECK (protocols <@ ARRAY['ucp', 'acp']::text[]),
  webhook_url text,
  token_hash text NOT NULL UNIQUE,
  token_prefix text NOT NULL UNIQUE,
  webhook_secret text,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX agents_partner ON agents (partner_id, created_at);

-- The partner's own ES256 keys (UCP response and webhook signatures). A rotation retires the current
-- key and adds one in a transaction that holds the partner's row, so there is one current key at most.
CREATE TABLE partner_signing_keys (
  partner_id text NOT NULL REFERENCES partners (partner_id),
  key_id text NOT NULL,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  retired_at timestamptz,
  PRIMARY KEY (partner_id, key_id)
);
CREATE UNIQUE INDEX partner_signing_keys_current ON partner_signing_keys (partner_id) WHERE retired_at IS NULL;

-- Host names a partner's shop answers on (`https://{domain}` as its agent base); lower-cased, one partner each.
CREATE TABLE partner_domains (
  host text PRIMARY KEY,
  partner_id text NOT NULL REFERENCES partners (partner_id),
  created_at timestamptz NOT NULL
);
CREATE INDEX partner_domains_partner ON partner_domains (partner_id, created_at);

-- What the protocols show of the partner's shop: its name, support e-mail and policy links.
CREATE TABLE shop_settings (
  partner_id text PRIMARY KEY REFERENCES partners (partner_id),
  shop_name text,
  support_email text,
  privacy_policy_url text,
  terms_of_service_url text,
  refund_policy_url text,
  shipping_policy_url text,
  faq_url text,
  updated_at timestamptz NOT NULL
);

-- Checkout sessions of agent platforms (protocol-neutral, DESIGN §6 "The model"). What queries
-- select on has a column; the rest of the record is jsonb, as the session service writes it whole.
-- Every write is guarded by `version`.
CREATE TABLE checkout_sessions (
  session_id text PRIMARY KEY,
  partner_id text NOT NULL REFERENCES partners (partner_id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  protocol text NOT NULL CHECK (protocol IN ('ucp', 'acp')),
  caller_id text NOT NULL,
  profile_url text,
  webhook_url text,
  status text NOT NULL CHECK (status IN ('incomplete', 'requires_escalation', 'ready_for_complete',
                                         'complete_in_progress', 'completed', 'canceled')),
  buyer jsonb NOT NULL,
  lines jsonb NOT NULL,
  fulfilment jsonb,
  coupon_codes jsonb NOT NULL,
  branch_code text NOT NULL,
  quote jsonb,
  quoted_at timestamptz,
  options jsonb NOT NULL,
  messages jsonb NOT NULL,
  checkout_order jsonb,
  -- Derived, so that it never disagrees with the record: payment events name only the order.
  order_id text GENERATED ALWAYS AS (checkout_order ->> 'orderId') STORED,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  version integer NOT NULL
);
-- One session per order.
CREATE UNIQUE INDEX checkout_sessions_order ON checkout_sessions (order_id) WHERE order_id IS NOT NULL;
