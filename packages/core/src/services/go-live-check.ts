import { CommerceError } from '../errors.ts';
import type { Store } from '../ports/store.ts';

/** One unmet go-live requirement: a stable id and what to do about it. */
export interface GoLiveGap {
  check: 'production_key' | 'app_client' | 'branch_resolution' | 'payment_webhook' | 'order_webhook';
  message: string;
}

export interface GoLiveReport {
  partnerId: string;
  ready: boolean;
  missing: GoLiveGap[];
  /** Whether the partner has gone live (POST …/go-live), and when. */
  live: boolean;
  liveAt: string | null;
}

/**
 * The spec's go-live requirements for a partner: a production key issued, an app client with
 * redirect URIs, fulfilment-branch resolution confirmed, payment and order webhooks registered.
 */
export async function goLiveCheck(store: Store, partnerId: string): Promise<GoLiveReport> {
  const partner = await store.getPartner(partnerId);
  if (!partner) throw new CommerceError('NOT_FOUND', 'No such partner.', { field: 'partnerId' });
  const [keys, clients, endpoints] = await Promise.all([
    store.listPartnerKeys(partnerId),
    store.listAppClients(partnerId),
    store.listWebhookEndpoints(partnerId),
  ]);
  const active = endpoints.filter((e) => e.status === 'active');
  const missing: GoLiveGap[] = [];
  if (!keys.some((k) => k.environment === 'production' && k.revokedAt === null)) {
    missing.push({
      check: 'production_key',
      message: `Issue a production key: POST /admin/partners/${partnerId}/keys {"environment":"production"}.`,
    });
  }
  if (!clients.some((c) => c.redirectUris.length > 0)) {
    missing.push({
      check: 'app_client',
      message: `Register an identity-provider app client with the partner's redirect URIs: POST /admin/partners/${partnerId}/clients.`,
    });
  }
  if (!partner.branchResolutionConfirmedAt) {
    missing.push({
      check: 'branch_resolution',
      message: `Confirm fulfilment-branch resolution: POST /admin/partners/${partnerId}/branch-resolution.`,
    });
  }
  if (!active.some((e) => e.eventTypes.includes('payment.paid'))) {
    missing.push({
      check: 'payment_webhook',
      message: `Register a webhook endpoint for payment.paid: POST /admin/partners/${partnerId}/webhooks.`,
    });
  }
  if (!active.some((e) => e.eventTypes.includes('order.status'))) {
    missing.push({
      check: 'order_webhook',
      message: `Register a webhook endpoint for order.status: POST /admin/partners/${partnerId}/webhooks.`,
    });
  }
  return { partnerId, ready: missing.length === 0, missing, live: partner.liveAt !== null, liveAt: partner.liveAt };
}
