-- Order intents: written before the grocer is asked to create an order, so that an order whose
-- answer was lost (a timeout, a reset, a crash) is looked up and adopted or cancelled.
CREATE TABLE order_intents (
  order_id text PRIMARY KEY,
  partner_id text NOT NULL,
  owner_id text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  idempotency_key text,
  request jsonb NOT NULL,
  from_basket boolean NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'cancelling', 'created', 'failed', 'cancelled')),
  checks integer NOT NULL DEFAULT 0,
  last_error text CHECK (length(last_error) <= 1024),
  created_at timestamptz NOT NULL,
  -- Until then the request that wrote the intent owns it; afterwards the recovery worker may lease it.
  next_check_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_intents_due ON order_intents (next_check_at) WHERE state IN ('pending', 'cancelling');
CREATE INDEX order_intents_created ON order_intents (created_at, order_id);

-- Orders stored before intents existed were created at the grocer: their intents are done.
INSERT INTO order_intents (order_id, partner_id, owner_id, environment, request, from_basket, state, created_at, next_check_at)
SELECT order_id, partner_id, owner_id, environment, request, false, 'created', created_at, created_at FROM orders;

-- Payment attempts: each step of a payment is recorded before the next, so that a payment whose
-- answer was lost is finished or given back, and a later attempt never takes over blindly.
CREATE TABLE payment_attempts (
  attempt_id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (order_id),
  partner_id text NOT NULL,
  provider text NOT NULL,
  amount_satang bigint NOT NULL,
  currency text NOT NULL,
  state text NOT NULL CHECK (state IN ('started', 'charged', 'paid', 'declined', 'refunded', 'failed')),
  provider_reference text,
  refund_reference text,
  failure_code text,
  failure_message text CHECK (length(failure_message) <= 1024),
  simulate text CHECK (simulate IN ('decline')),
  checks integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  next_check_at timestamptz NOT NULL
);
-- At most one attempt of an order is under way at a time.
CREATE UNIQUE INDEX payment_attempts_active ON payment_attempts (order_id) WHERE state IN ('started', 'charged');
CREATE INDEX payment_attempts_due ON payment_attempts (next_check_at) WHERE state IN ('started', 'charged');
CREATE INDEX payment_attempts_order ON payment_attempts (order_id, created_at);

INSERT INTO payment_attempts (attempt_id, order_id, partner_id, provider, amount_satang, currency, state, provider_reference, created_at, updated_at, next_check_at)
SELECT p.payment_id, p.order_id, o.partner_id, p.provider, p.amount_satang, p.currency, 'paid', p.reference, p.created_at, p.created_at, p.created_at
  FROM payments p JOIN orders o ON o.order_id = p.order_id;

-- The attempt row is the claim now.
ALTER TABLE orders DROP COLUMN payment_claim;
ALTER TABLE orders DROP COLUMN payment_claim_until;
