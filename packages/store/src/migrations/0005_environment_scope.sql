-- Baskets, orders and idempotency keys belong to (partner, environment, shopper): a partner's
-- sandbox and production keys never share a basket, an order list or a key.
ALTER TABLE baskets ADD COLUMN environment text NOT NULL DEFAULT 'sandbox' CHECK (environment IN ('sandbox', 'production'));
ALTER TABLE baskets ALTER COLUMN environment DROP DEFAULT;
ALTER TABLE baskets DROP CONSTRAINT baskets_pkey;
ALTER TABLE baskets ADD PRIMARY KEY (partner_id, environment, owner_id);

ALTER TABLE idempotency_keys ADD COLUMN environment text NOT NULL DEFAULT 'sandbox' CHECK (environment IN ('sandbox', 'production'));
ALTER TABLE idempotency_keys ALTER COLUMN environment DROP DEFAULT;
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey;
ALTER TABLE idempotency_keys ADD PRIMARY KEY (partner_id, environment, owner_id, idempotency_key);

DROP INDEX orders_owner;
CREATE INDEX orders_owner ON orders (partner_id, environment, owner_id, created_at DESC, order_id DESC);
