/**
 * A partner taken live through the admin API, as an operator does it: a production partner with
 * its `pk_live_…` key and app client, branch resolution confirmed, payment and order webhooks
 * registered (on public https hosts, which production partners require), then `go-live`. The system
 * needs a webhook sender that resolves those hosts (DNS is out of reach in tests): see
 * `publicWebhookSender`.
 */
import assert from 'node:assert/strict';
import type { WebhookSender } from '@grocery/core/ports';
import { createHttpWebhookSender } from '@grocery/webhooks';
import type { TestSystem } from './test-system.ts';

/** The real guarded sender, resolving every partner host to a public address (DNS is out of reach here). */
export function publicWebhookSender(): WebhookSender {
  return createHttpWebhookSender({ resolveAll: async () => [{ address: '93.184.215.14', family: 4 }] });
}

export interface LivePartner {
  partnerId: string;
  partnerKey: string;
  clientId: string;
}

export async function createLivePartner(t: TestSystem, name = 'Live Grocer Co'): Promise<LivePartner> {
  const created = await t.admin('POST', '/admin/partners', {
    name,
    environment: 'production',
    redirectUris: ['https://shop.live.example/callback'],
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { partnerId, partnerKey, clientId } = created.body as LivePartner;
  assert.equal((await t.admin('POST', `/admin/partners/${partnerId}/branch-resolution`)).status, 200);
  const webhook = await t.admin('POST', `/admin/partners/${partnerId}/webhooks`, {
    url: 'https://hooks.live.example/commerce',
    events: ['payment.paid', 'order.status'],
  });
  assert.equal(webhook.status, 201, JSON.stringify(webhook.body));
  const live = await t.admin('POST', `/admin/partners/${partnerId}/go-live`);
  assert.equal(live.status, 200, JSON.stringify(live.body));
  return { partnerId, partnerKey, clientId };
}
