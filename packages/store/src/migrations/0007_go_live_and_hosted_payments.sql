-- When the partner went live: until then every order of the partner, whatever its key, is a
-- sandbox order.
ALTER TABLE partners ADD COLUMN live_at timestamptz;

-- A hosted provider's page where the shopper pays an attempt: a second press of Pay goes back to it.
ALTER TABLE payment_attempts ADD COLUMN redirect_url text CHECK (length(redirect_url) <= 2048);
-- Its provider's last word while it is under way: open (waits for the shopper) or pending (paid, settling).
ALTER TABLE payment_attempts ADD COLUMN provider_status text CHECK (provider_status IN ('open', 'pending'));
