CREATE TABLE baskets (
  partner_id text NOT NULL,
  owner_id text NOT NULL,
  basket_id text NOT NULL UNIQUE,
  branch_code text NOT NULL,
  lines jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (partner_id, owner_id)
);

CREATE TABLE quotes (
  quote_id text PRIMARY KEY,
  partner_id text NOT NULL,
  owner_id text NOT NULL,
  request jsonb NOT NULL,
  calculation jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX quotes_expiry ON quotes (expires_at);

CREATE TABLE orders (
  order_id text PRIMARY KEY,
  partner_id text NOT NULL,
  owner_id text NOT NULL,
  environment text NOT NULL,
  order_source text NOT NULL,
  branch_code text NOT NULL,
  grand_total_satang bigint NOT NULL,
  currency text NOT NULL,
  payment_status text NOT NULL CHECK (payment_status IN ('UNPAID', 'PAID')),
  status text NOT NULL,
  picking_status text,
  request jsonb NOT NULL,
  grocer_order jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  paid_at timestamptz,
  -- A payment attempt holds the order until payment_claim_until, so concurrent attempts pay once.
  payment_claim text,
  payment_claim_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_owner ON orders (partner_id, owner_id, created_at DESC, order_id DESC);

CREATE TABLE payment_links (
  link_id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  order_id text NOT NULL REFERENCES orders (order_id),
  partner_id text NOT NULL,
  amount_satang bigint NOT NULL,
  currency text NOT NULL,
  provider text NOT NULL,
  -- Where the pay page sends the shopper back after paying (from paymentStart).
  callback_url text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX payment_links_order ON payment_links (order_id);

-- One payment per order, enforced by the database.
CREATE TABLE payments (
  payment_id text PRIMARY KEY,
  order_id text NOT NULL UNIQUE REFERENCES orders (order_id),
  amount_satang bigint NOT NULL,
  currency text NOT NULL,
  provider text NOT NULL,
  reference text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE idempotency_keys (
  partner_id text NOT NULL,
  owner_id text NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  resource_id text NOT NULL,
  response jsonb,
  claimed_at timestamptz NOT NULL,
  completed_at timestamptz,
  PRIMARY KEY (partner_id, owner_id, idempotency_key)
);

-- The outbox: events are written in the same transaction as the change that causes them.
CREATE TABLE events (
  event_id text PRIMARY KEY,
  partner_id text NOT NULL,
  type text NOT NULL,
  order_id text NOT NULL,
  payload jsonb NOT NULL,
  ts bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_order ON events (order_id, created_at);
