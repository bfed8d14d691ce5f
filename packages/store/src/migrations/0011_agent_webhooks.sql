-- Agent platforms' order events go through the same outbox as partners' (retries, delivery log,
-- redelivery): an endpoint is the partner's own, or an agent platform's (`ucp`, `acp`) for the
-- orders of its checkout sessions that name its URL. Deliveries of an event go to every active
-- partner endpoint and to the agent endpoints of the order's session.
ALTER TABLE webhook_endpoints ADD COLUMN kind text NOT NULL DEFAULT 'partner' CHECK (kind IN ('partner', 'ucp', 'acp'));
ALTER TABLE webhook_endpoints ADD COLUMN caller_id text;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_agent_caller CHECK ((kind = 'partner') = (caller_id IS NULL));
CREATE UNIQUE INDEX webhook_endpoints_agent_once ON webhook_endpoints (partner_id, kind, caller_id, url)
  WHERE kind <> 'partner' AND status = 'active';
