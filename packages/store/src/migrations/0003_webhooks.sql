-- Partners' webhook endpoints. The signing secret is kept as given: HMAC signing needs the secret itself.
CREATE TABLE webhook_endpoints (
  endpoint_id text PRIMARY KEY,
  partner_id text NOT NULL REFERENCES partners (partner_id),
  url text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  event_types jsonb NOT NULL,
  secret text NOT NULL,
  -- During a rotation's overlap deliveries are also signed with the previous secret.
  previous_secret text,
  previous_secret_expires_at timestamptz,
  secret_rotated_at timestamptz,
  status text NOT NULL CHECK (status IN ('active', 'disabled')),
  disabled_reason text,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX webhook_endpoints_partner ON webhook_endpoints (partner_id, created_at);

-- One row per event and endpoint, written in the event's transaction; claimed with a lease.
CREATE TABLE webhook_deliveries (
  delivery_id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  event_id text NOT NULL REFERENCES events (event_id),
  endpoint_id text NOT NULL REFERENCES webhook_endpoints (endpoint_id),
  partner_id text NOT NULL,
  redelivery_of text REFERENCES webhook_deliveries (delivery_id),
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'cancelled')),
  attempt_count integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  claimed_by text,
  claim_until timestamptz,
  last_status_code integer,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- An event reaches an endpoint through one original delivery; redeliveries are extra rows.
CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (event_id, endpoint_id) WHERE redelivery_of IS NULL;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_partner ON webhook_deliveries (partner_id, seq DESC);
CREATE INDEX webhook_deliveries_endpoint_pending ON webhook_deliveries (endpoint_id) WHERE status = 'pending';

CREATE TABLE webhook_attempts (
  attempt_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id text NOT NULL REFERENCES webhook_deliveries (delivery_id),
  attempt_number integer NOT NULL,
  instance_id text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('delivered', 'retry', 'failed', 'gone', 'aborted')),
  started_at timestamptz NOT NULL,
  latency_ms integer NOT NULL,
  status_code integer,
  response_snippet text CHECK (length(response_snippet) <= 1024),
  error text CHECK (length(error) <= 1024)
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempt_id);

-- Order-status derivation by polling: when to ask the grocer next, and what it said last.
CREATE TABLE order_polls (
  order_id text PRIMARY KEY REFERENCES orders (order_id),
  next_poll_at timestamptz NOT NULL,
  misses integer NOT NULL DEFAULT 0,
  last_polled_at timestamptz,
  last_seen_status text,
  last_seen_picking_status text,
  claimed_by text,
  claim_until timestamptz,
  done_at timestamptz,
  done_reason text CHECK (done_reason IN ('final', 'stale'))
);
CREATE INDEX order_polls_due ON order_polls (next_poll_at) WHERE done_at IS NULL;

-- Every order is enrolled for polling as it is stored, whichever code path stores it.
CREATE FUNCTION order_polls_enrol() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_polls (order_id, next_poll_at) VALUES (NEW.order_id, NEW.created_at) ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
CREATE TRIGGER orders_enrol_poll AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION order_polls_enrol();
INSERT INTO order_polls (order_id, next_poll_at) SELECT order_id, created_at FROM orders ON CONFLICT DO NOTHING;

-- Inbound grocer notifications seen recently, keyed by their signature, to refuse replays.
CREATE TABLE inbound_notifications (
  receipt_key text PRIMARY KEY,
  received_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX inbound_notifications_expiry ON inbound_notifications (expires_at);
