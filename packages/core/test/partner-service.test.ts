import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PartnerService } from '@grocery/core';
import type { WebhookSender } from '@grocery/core/ports';
import { InMemoryStore, ManualClock } from '@grocery/core/testing';
import { WebhookEndpoints } from '../src/services/webhook-endpoints.ts';
import { rejectsWith } from './support/commerce-world.ts';

/** Accepts every URL: the SSRF policy is the sender's, tested with @grocery/webhooks. */
const openSender: WebhookSender = {
  checkUrl: async () => ({ ok: true }),
  send: async () => ({ kind: 'response', status: 200, responseSnippet: '', latencyMs: 1 }),
};

function world(options: { issuer?: boolean } = {}) {
  const clock = new ManualClock(Date.parse('2026-11-01T00:00:00Z'));
  const store = new InMemoryStore({ clock });
  let issued = 0;
  const partners = new PartnerService({
    store,
    clock,
    keyCacheTtlMs: 60_000,
    issueAppClient: options.issuer === false ? undefined : async () => ({ clientId: `issued-${++issued}` }),
  });
  const webhooks = new WebhookEndpoints({ store, sender: openSender, clock });
  return { clock, store, partners, webhooks };
}

describe('PartnerService.createPartner', () => {
  it('creates the partner, its first key (stored only as a hash) and an app client', async () => {
    const { partners, store } = world();
    const created = await partners.createPartner({
      name: 'Fresh Basket & Co. (TH)',
      environment: 'sandbox',
      redirectUris: ['https://fresh.example/cb'],
    });
    assert.match(created.partnerKey, /^pk_test_/);
    assert.equal(created.clientId, 'issued-1');
    assert.match(created.partner.orderSource, /^PARTNER_FRESH_BASKET_CO_TH_[0-9A-Z]{6}$/);
    const context = await partners.authenticate(created.partnerKey);
    assert.equal(context.partnerId, created.partner.partnerId);
    const keys = await partners.listKeys(created.partner.partnerId);
    assert.equal(keys.length, 1);
    assert.ok(!JSON.stringify(keys).includes(created.partnerKey), 'the key itself is never stored');
    assert.deepEqual(
      (await store.listAppClients(created.partner.partnerId)).map((c) => c.redirectUris),
      [['https://fresh.example/cb']],
    );
  });

  it('with an external identity provider, creates no app client unless given a clientId', async () => {
    const { partners } = world({ issuer: false });
    assert.equal((await partners.createPartner({ name: 'External', environment: 'production' })).clientId, null);
    assert.equal(
      (await partners.createPartner({ name: 'External Two', environment: 'production', clientId: 'ext-client' }))
        .clientId,
      'ext-client',
    );
  });

  it('refuses bad names, redirect URIs and client ids, and a taken client id, creating nothing', async () => {
    const { partners } = world();
    await rejectsWith(partners.createPartner({ name: '', environment: 'sandbox' }), 'INVALID_INPUT', 'name');
    await rejectsWith(partners.createPartner({ name: '<script>', environment: 'sandbox' }), 'INVALID_INPUT', 'name');
    await rejectsWith(
      partners.createPartner({ name: 'x'.repeat(101), environment: 'sandbox' }),
      'INVALID_INPUT',
      'name',
    );
    for (const uri of ['http://partner.example/cb', 'javascript:alert(1)', 'not a url', 'ftp://localhost/x']) {
      await rejectsWith(
        partners.createPartner({ name: 'Uris', environment: 'sandbox', redirectUris: ['https://ok.example/cb', uri] }),
        'INVALID_INPUT',
        'redirectUris.1',
      );
    }
    await rejectsWith(
      partners.createPartner({ name: 'Bad Id', environment: 'sandbox', clientId: 'a b' }),
      'INVALID_INPUT',
      'clientId',
    );
    await partners.createPartner({ name: 'Owner', environment: 'sandbox', clientId: 'shared' });
    await rejectsWith(
      partners.createPartner({ name: 'Squatter', environment: 'sandbox', clientId: 'shared' }),
      'CLIENT_ID_TAKEN',
      'clientId',
    );
    assert.deepEqual(
      (await partners.listPartners()).map((p) => p.name),
      ['Owner'],
    );
  });
});

describe('PartnerService keys', () => {
  it('issues keys of either environment and refuses an unknown partner', async () => {
    const { partners } = world();
    const { partner } = await partners.createPartner({ name: 'Keys', environment: 'sandbox' });
    const live = await partners.issueKey(partner.partnerId, 'production');
    assert.match(live, /^pk_live_/);
    assert.equal((await partners.authenticate(live)).environment, 'production');
    assert.deepEqual((await partners.listKeys(partner.partnerId)).map((k) => k.environment).sort(), [
      'production',
      'sandbox',
    ]);
    await rejectsWith(partners.issueKey('ptn_nobody', 'sandbox'), 'NOT_FOUND', 'partnerId');
    assert.deepEqual(await partners.listKeys('ptn_nobody'), []);
  });

  it('stops accepting a revoked key at once on this instance, and refuses an unknown prefix', async () => {
    const { partners } = world();
    const { partnerKey } = await partners.createPartner({ name: 'Revoke', environment: 'sandbox' });
    await partners.authenticate(partnerKey);
    await partners.revokeKey(partnerKey.slice(0, 12));
    await rejectsWith(partners.authenticate(partnerKey), 'PARTNER_KEY_INVALID');
    await rejectsWith(partners.revokeKey(partnerKey.slice(0, 12)), 'NOT_FOUND', 'keyPrefix');
  });

  it('refuses malformed and absent keys without asking the store', async () => {
    const { partners, store } = world();
    store.findPartnerByKeyHash = () => assert.fail('a malformed key reached the store');
    for (const key of [undefined, '', 'pk_test_', 'pk_prod_' + 'a'.repeat(32), 'x'.repeat(10_000)])
      assert.equal(await partners.verifyKey(key), null);
  });
});

describe('PartnerService app clients and origins', () => {
  it('adds an app client to a known partner only; its redirect origins become partner origins', async () => {
    const { partners } = world();
    const { partner } = await partners.createPartner({ name: 'Clients', environment: 'sandbox' });
    assert.equal(await partners.isPartnerOrigin('https://app.clients.example'), false);
    const client = await partners.addAppClient(partner.partnerId, {
      redirectUris: ['https://app.clients.example/callback'],
    });
    assert.equal(client.partnerId, partner.partnerId);
    assert.equal(await partners.isPartnerOrigin('https://app.clients.example'), true);
    const error = await rejectsWith(
      partners.addAppClient('ptn_nobody', { redirectUris: ['https://x.example/cb'] }),
      'NOT_FOUND',
    );
    assert.equal(error.field, undefined);
    await rejectsWith(
      partners.addAppClient(partner.partnerId, { redirectUris: ['http://x.example/cb'] }),
      'INVALID_INPUT',
      'redirectUris.0',
    );
    await rejectsWith(
      partners.addAppClient(partner.partnerId, { clientId: client.clientId, redirectUris: [] }),
      'CLIENT_ID_TAKEN',
      'clientId',
    );
  });

  it('without an issuer, needs the clientId', async () => {
    const { partners } = world({ issuer: false });
    const { partner } = await partners.createPartner({ name: 'No Issuer', environment: 'sandbox' });
    await rejectsWith(partners.addAppClient(partner.partnerId, { redirectUris: [] }), 'INVALID_INPUT', 'clientId');
  });
});

describe('PartnerService going live', () => {
  it('confirms branch resolution at the clock’s time, and refuses an unknown partner', async () => {
    const { partners } = world();
    const { partner } = await partners.createPartner({ name: 'Branches', environment: 'sandbox' });
    assert.deepEqual(await partners.confirmBranchResolution(partner.partnerId), {
      partnerId: partner.partnerId,
      branchResolutionConfirmedAt: '2026-11-01T00:00:00.000Z',
    });
    await rejectsWith(partners.confirmBranchResolution('ptn_nobody'), 'NOT_FOUND');
  });

  it('lists what is missing, refuses GO_LIVE_NOT_READY until nothing is, then goes live once', async () => {
    const { partners, webhooks, clock } = world();
    const { partner, partnerKey } = await partners.createPartner({ name: 'Going Live', environment: 'sandbox' });
    const first = await partners.goLiveReport(partner.partnerId);
    assert.deepEqual(
      first.missing.map((m) => m.check),
      ['production_key', 'app_client', 'branch_resolution', 'payment_webhook', 'order_webhook'],
    );
    const refused = await rejectsWith(partners.goLive(partner.partnerId), 'GO_LIVE_NOT_READY');
    assert.equal((refused.details as { missing: unknown[] }).missing.length, 5);

    await partners.issueKey(partner.partnerId, 'production');
    await partners.addAppClient(partner.partnerId, { redirectUris: ['https://going.example/cb'] });
    await partners.confirmBranchResolution(partner.partnerId);
    await webhooks.register(partner.partnerId, {
      url: 'https://going.example/hooks',
      events: ['payment.paid', 'order.status'],
    });
    assert.equal((await partners.goLiveReport(partner.partnerId)).ready, true);

    assert.equal((await partners.authenticate(partnerKey)).live, false);
    clock.advance(1_000);
    const live = await partners.goLive(partner.partnerId);
    assert.deepEqual(live, { partnerId: partner.partnerId, live: true, liveAt: '2026-11-01T00:00:01.000Z' });
    assert.equal(
      (await partners.authenticate(partnerKey)).live,
      true,
      'the key cache forgets the sandbox-only partner',
    );
    await rejectsWith(partners.goLiveReport('ptn_nobody'), 'NOT_FOUND', 'partnerId');
  });
});
