-- Refunds: money a provider took that goes back (a payment on an order already paid, cancelled or
-- re-priced, or one that does not match its attempt). At most one per provider payment; written
-- before the provider is asked, and asked again by the recovery worker until it confirms.
CREATE TABLE payment_refunds (
  refund_id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (order_id),
  partner_id text NOT NULL,
  attempt_id text REFERENCES payment_attempts (attempt_id),
  provider text NOT NULL,
  payment_reference text NOT NULL CHECK (length(payment_reference) <= 255),
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  currency text NOT NULL CHECK (length(currency) <= 8),
  reason text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
  provider_refund_reference text CHECK (length(provider_refund_reference) <= 255),
  last_error text CHECK (length(last_error) <= 1024),
  checks integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  next_check_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX payment_refunds_payment ON payment_refunds (provider, payment_reference);
CREATE INDEX payment_refunds_order ON payment_refunds (order_id, created_at);
CREATE INDEX payment_refunds_due ON payment_refunds (next_check_at) WHERE state = 'pending';

-- Attempts refunded before refunds had rows of their own: their money went back.
INSERT INTO payment_refunds (refund_id, order_id, partner_id, attempt_id, provider, payment_reference, amount_minor, currency, reason, state,
                             provider_refund_reference, created_at, updated_at, next_check_at)
SELECT 'rf_' || md5(a.attempt_id), a.order_id, a.partner_id, a.attempt_id, a.provider, a.provider_reference, a.amount_satang, upper(a.currency),
       COALESCE(a.failure_code, 'ORDER_CANCELLED'), 'succeeded', a.refund_reference, a.updated_at, a.updated_at, a.updated_at
  FROM payment_attempts a
 WHERE a.state = 'refunded' AND a.provider_reference IS NOT NULL
ON CONFLICT DO NOTHING;
