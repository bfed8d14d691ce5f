import type { EventRecord, GrocerOrder } from '@grocery/core/ports';

/**
 * The common table expressions that write events to the outbox with their deliveries (one per
 * active endpoint of the partner that takes the event's type: its own endpoints, and the agent
 * endpoints of the order's checkout session) and wake their orders' polling.
 * `eventsParam` is the placeholder of the events' JSON (see `eventsJson`); `gate`, when given, is a
 * condition that must hold for any of it to happen (e.g. that a sibling update touched a row). An
 * event seen again by another path is the same event (same id): it gets no second delivery.
 * Statements compose these with their own writes, so that one round trip does the whole change
 * atomically (a statement is its own transaction).
 */
export function eventCtes(eventsParam: string, gate = 'true'): string {
  return `event_input AS (
       SELECT * FROM jsonb_to_recordset(${eventsParam}::jsonb) AS x(event_id text, partner_id text, type text, order_id text, payload jsonb, ts bigint) WHERE ${gate}
     ), event_inserted AS (
       INSERT INTO events (event_id, partner_id, type, order_id, payload, ts)
       SELECT event_id, partner_id, type, order_id, payload, ts FROM event_input
       ON CONFLICT (event_id) DO NOTHING
       RETURNING event_id, partner_id, type, order_id, ts
     ), event_deliveries AS (
       INSERT INTO webhook_deliveries (delivery_id, event_id, endpoint_id, partner_id, status, next_attempt_at, created_at, updated_at)
       SELECT 'dlv_' || replace(gen_random_uuid()::text, '-', ''), i.event_id, w.endpoint_id, w.partner_id, 'pending', to_timestamp(i.ts), to_timestamp(i.ts), to_timestamp(i.ts)
         FROM event_inserted i JOIN webhook_endpoints w ON w.partner_id = i.partner_id AND w.status = 'active' AND w.event_types @> jsonb_build_array(i.type)
          AND (w.kind = 'partner' OR EXISTS (
                SELECT 1 FROM checkout_sessions s
                 WHERE s.order_id = i.order_id AND s.protocol = w.kind AND s.caller_id = w.caller_id AND s.webhook_url = w.url))
       ON CONFLICT DO NOTHING
     ), event_polls AS (
       UPDATE order_polls p SET misses = 0, next_poll_at = LEAST(p.next_poll_at, to_timestamp(i.ts)), done_at = NULL, done_reason = NULL
         FROM (SELECT order_id, min(ts) AS ts FROM event_inserted GROUP BY order_id) i
        WHERE p.order_id = i.order_id AND (p.done_reason IS NULL OR p.done_reason = 'stale')
     )`;
}

export function eventsJson(events: readonly EventRecord[]): string {
  return JSON.stringify(
    events.map((e) => ({
      event_id: e.eventId,
      partner_id: e.partnerId,
      type: e.type,
      order_id: e.orderId,
      payload: e.payload,
      ts: e.ts,
    })),
  );
}

/** The picking status the `orders` row keeps beside the grocer's order: its first schedule's. */
export const firstPickingStatus = (order: GrocerOrder): string | null =>
  order.shipping.schedules[0]?.pickingStatus ?? null;
