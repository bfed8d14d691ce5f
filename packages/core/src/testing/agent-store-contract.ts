import assert from 'node:assert/strict';
import type { AgentRecord, ShopSettings, SigningKeyRecord } from '../model/agent.ts';
import { HOSTILE_TEXT, type StoreContractCase } from './store-contract-fixtures.ts';

const T1 = '2026-11-22T04:00:00.000Z';
const T2 = '2026-11-22T05:00:00.000Z';
const T3 = '2026-11-22T06:00:00.000Z';

function agent(agentId: string, partnerId: string, tokenPrefix: string, extra: Partial<AgentRecord> = {}): AgentRecord {
  return {
    agentId,
    partnerId,
    environment: 'sandbox',
    name: `Agent ${agentId}`,
    protocols: ['ucp', 'acp'],
    webhookUrl: null,
    tokenPrefix,
    createdAt: T1,
    revokedAt: null,
    ...extra,
  };
}

/** A signing key as a rotation writes it (the JWKs' values stand in for real coordinates). */
function signingKey(partnerId: string, keyId: string, createdAt: string): SigningKeyRecord {
  const publicJwk = { kty: 'EC', crv: 'P-256', x: `x-${keyId}`, y: `y-${keyId}`, kid: keyId, alg: 'ES256', use: 'sig' };
  return { partnerId, keyId, privateJwk: { ...publicJwk, d: `d-${keyId}` }, publicJwk, createdAt, retiredAt: null };
}

function settings(partnerId: string, extra: Partial<ShopSettings> = {}): ShopSettings {
  return {
    partnerId,
    shopName: 'Shop A',
    supportEmail: 'help@a.example',
    privacyPolicyUrl: 'https://a.example/privacy',
    termsOfServiceUrl: 'https://a.example/terms',
    refundPolicyUrl: 'https://a.example/refunds',
    shippingPolicyUrl: 'https://a.example/shipping',
    faqUrl: 'https://a.example/faq',
    updatedAt: T1,
    ...extra,
  };
}

/** The `AgentStore` part of the store contract: agent credentials, signing key rotations, partner domains, shop settings. */
export const agentStoreContract: readonly StoreContractCase[] = [
  {
    name: 'an agent is found by its unrevoked credential, with its partner as a partner key gives it',
    async run({ store }) {
      const a1 = agent('agt_a1', 'ptn_a', 'ak_test_A1A1', { webhookUrl: 'https://platform.example/hooks' });
      const b1 = agent('agt_b1', 'ptn_b', 'ak_live_B1B1', { environment: 'production', protocols: ['ucp'] });
      await store.insertAgent(a1, 'agent-hash-a1');
      await store.insertAgent(b1, 'agent-hash-b1');
      assert.deepEqual(await store.findAgentByTokenHash('agent-hash-a1'), {
        agent: a1,
        partner: {
          partnerId: 'ptn_a',
          partnerName: 'A',
          orderSource: 'SRC_A',
          environment: 'sandbox',
          keyPrefix: 'ak_test_A1A1',
          clientIds: ['client-a'],
          live: false,
        },
      });
      assert.deepEqual(
        (await store.findAgentByTokenHash('agent-hash-b1'))?.partner,
        {
          partnerId: 'ptn_b',
          partnerName: 'B',
          orderSource: 'SRC_B',
          environment: 'production',
          keyPrefix: 'ak_live_B1B1',
          clientIds: [],
          live: true,
        },
        "the agent's environment, the partner's go-live",
      );
      assert.equal(await store.findAgentByTokenHash('agent-hash-zz'), null);
      assert.equal(await store.findAgentByTokenHash("' OR 1=1 --"), null);
      assert.deepEqual(await store.listAgents('ptn_a'), [a1]);
      assert.deepEqual(await store.listAgents('ptn_nobody'), []);
    },
  },
  {
    name: 'an agent is revoked once, by its own partner only; its credential then finds nothing, its record stays',
    async run({ store }) {
      const a2 = agent('agt_a2', 'ptn_a', 'ak_test_A2A2', { createdAt: T2 });
      await store.insertAgent(a2, 'agent-hash-a2');
      assert.equal(await store.revokeAgent('ptn_b', 'agt_a2', T3), false, "another partner's agent");
      assert.equal(await store.revokeAgent('ptn_a', 'agt_none', T3), false);
      assert.equal(await store.revokeAgent('ptn_a', 'agt_a2', T3), true);
      assert.equal(await store.revokeAgent('ptn_a', 'agt_a2', T3), false, 'revoked already');
      assert.equal(await store.findAgentByTokenHash('agent-hash-a2'), null);
      assert.notEqual(await store.findAgentByTokenHash('agent-hash-a1'), null, 'the other agent still works');
      assert.deepEqual(
        (await store.listAgents('ptn_a')).map((a) => [a.agentId, a.revokedAt]),
        [
          ['agt_a1', null],
          ['agt_a2', T3],
        ],
        'oldest first, the revoked one included',
      );
    },
  },
  {
    name: "an agent's credential and prefix are its own; its webhook secret is set and read back",
    async run({ store }) {
      const rejected = [
        () => store.insertAgent(agent('agt_x1', 'ptn_a', 'ak_test_X1X1'), 'agent-hash-a1'),
        () => store.insertAgent(agent('agt_x2', 'ptn_a', 'ak_test_A1A1'), 'agent-hash-x2'),
        () => store.insertAgent(agent('agt_x3', 'ptn_nobody', 'ak_test_X3X3'), 'agent-hash-x3'),
        () => store.insertAgent(agent('agt_a1', 'ptn_a', 'ak_test_X4X4'), 'agent-hash-x4'),
      ];
      for (const [i, insert] of rejected.entries()) await assert.rejects(insert(), `insert ${i} is refused`);
      assert.deepEqual(
        (await store.listAgents('ptn_a')).map((a) => a.agentId),
        ['agt_a1', 'agt_a2'],
      );
      assert.equal(await store.agentWebhookSecret('agt_a1'), null, 'none until set');
      await store.setAgentWebhookSecret('agt_a1', 'whsec_one');
      assert.equal(await store.agentWebhookSecret('agt_a1'), 'whsec_one');
      await store.setAgentWebhookSecret('agt_a1', 'whsec_two');
      assert.equal(await store.agentWebhookSecret('agt_a1'), 'whsec_two', 'rotated');
      assert.equal(await store.agentWebhookSecret('agt_b1'), null, "another agent's is its own");
      await store.setAgentWebhookSecret('agt_none', 'whsec_x');
      assert.equal(await store.agentWebhookSecret('agt_none'), null, 'no agent, no secret');
    },
  },
  {
    name: 'a rotation adds a key and retires the current one at its creation, atomically; keys list newest first',
    async run({ store }) {
      await store.rotateSigningKey(signingKey('ptn_a', 'kid-1', T1));
      assert.deepEqual(await store.listSigningKeys('ptn_a'), [signingKey('ptn_a', 'kid-1', T1)]);
      await store.rotateSigningKey(signingKey('ptn_a', 'kid-2', T2));
      const rotated = [signingKey('ptn_a', 'kid-2', T2), { ...signingKey('ptn_a', 'kid-1', T1), retiredAt: T2 }];
      assert.deepEqual(await store.listSigningKeys('ptn_a'), rotated);
      assert.deepEqual(await store.listSigningKeys('ptn_b'), [], "another partner's keys are its own");
      await assert.rejects(store.rotateSigningKey(signingKey('ptn_a', 'kid-2', T3)), 'a key id is used once');
      await assert.rejects(store.rotateSigningKey(signingKey('ptn_nobody', 'kid-9', T3)), 'a partner must exist');
      assert.deepEqual(await store.listSigningKeys('ptn_a'), rotated, 'a refused rotation retires nothing');
      assert.equal(await store.deleteRetiredSigningKeys('ptn_a', T2), 0, 'retired at T2 is not before T2');
      assert.equal(await store.deleteRetiredSigningKeys('ptn_b', T3), 0);
      assert.equal(await store.deleteRetiredSigningKeys('ptn_a', T3), 1);
      assert.deepEqual(await store.listSigningKeys('ptn_a'), [signingKey('ptn_a', 'kid-2', T2)]);
      assert.equal(
        await store.deleteRetiredSigningKeys('ptn_a', '2099-01-01T00:00:00.000Z'),
        0,
        'the current key is never deleted',
      );
    },
  },
  {
    name: 'racing rotations leave one current key and every other retired',
    async run({ store }) {
      const at = (i: number) => new Date(Date.parse(T1) + i * 1000).toISOString();
      await Promise.all([0, 1, 2, 3, 4, 5].map((i) => store.rotateSigningKey(signingKey('ptn_c', `kid-c${i}`, at(i)))));
      const keys = await store.listSigningKeys('ptn_c');
      assert.equal(keys.length, 6);
      assert.equal(keys.filter((k) => k.retiredAt === null).length, 1, 'one current key');
      assert.deepEqual(
        keys.map((k) => k.keyId),
        ['kid-c5', 'kid-c4', 'kid-c3', 'kid-c2', 'kid-c1', 'kid-c0'],
      );
    },
  },
  {
    name: 'a domain belongs to one partner, whatever its case; it is found, listed and removed by its owner only',
    async run({ store }) {
      assert.equal(await store.addPartnerDomain('ptn_a', 'Shop.Example.COM', T1), true);
      assert.deepEqual(await store.listPartnerDomains('ptn_a'), [{ host: 'shop.example.com', createdAt: T1 }]);
      assert.equal(await store.partnerOfDomain('SHOP.example.com'), 'ptn_a');
      assert.equal(await store.addPartnerDomain('ptn_b', 'shop.EXAMPLE.com', T2), false, 'taken by another partner');
      assert.equal(await store.addPartnerDomain('ptn_a', 'shop.example.com', T2), false, 'registered already');
      assert.deepEqual(await store.listPartnerDomains('ptn_b'), []);
      assert.equal(await store.removePartnerDomain('ptn_b', 'shop.example.com'), false, "not another partner's");
      assert.equal(await store.partnerOfDomain('shop.example.com'), 'ptn_a');
      assert.equal(await store.partnerOfDomain('other.example'), null);
      assert.equal(await store.partnerOfDomain("' OR 1=1 --"), null);
      await assert.rejects(store.addPartnerDomain('ptn_nobody', 'nobody.example', T1), 'a partner must exist');

      const racers = ['ptn_a', 'ptn_b', 'ptn_c'];
      const won = await Promise.all(racers.map((p) => store.addPartnerDomain(p, 'RACE.example', T2)));
      assert.equal(won.filter(Boolean).length, 1, 'one partner has it');
      assert.equal(await store.partnerOfDomain('race.example'), racers[won.indexOf(true)]);

      assert.equal(await store.addPartnerDomain('ptn_c', 'ÉPICERIE.example', T2), true);
      assert.equal(await store.partnerOfDomain('épicerie.EXAMPLE'), 'ptn_c', 'lower-cased beyond ASCII too');
      assert.equal(await store.removePartnerDomain('ptn_a', 'Shop.Example.Com'), true);
      assert.equal(await store.removePartnerDomain('ptn_a', 'shop.example.com'), false);
      assert.equal(await store.partnerOfDomain('shop.example.com'), null);
      assert.equal(await store.addPartnerDomain('ptn_b', 'shop.example.com', T3), true, 'free again');
    },
  },
  {
    name: 'shop settings are put whole, nulls included, and read back per partner',
    async run({ store }) {
      assert.equal(await store.getShopSettings('ptn_a'), null);
      await store.putShopSettings(settings('ptn_a'));
      assert.deepEqual(await store.getShopSettings('ptn_a'), settings('ptn_a'));
      const cleared = settings('ptn_a', { shopName: null, faqUrl: null, supportEmail: null, updatedAt: T2 });
      await store.putShopSettings(cleared);
      assert.deepEqual(await store.getShopSettings('ptn_a'), cleared, 'replaced');
      assert.equal(await store.getShopSettings('ptn_b'), null, "another partner's are its own");
      await assert.rejects(store.putShopSettings(settings('ptn_nobody')), 'a partner must exist');
    },
  },
  {
    name: 'hostile agent names, URLs, hosts and settings round-trip; text PostgreSQL cannot hold is refused',
    async run({ store }) {
      const hostile = agent('agt_hostile', 'ptn_c', 'ak_test_HOST', { name: HOSTILE_TEXT, webhookUrl: HOSTILE_TEXT });
      await store.insertAgent(hostile, 'agent-hash-hostile');
      assert.deepEqual((await store.findAgentByTokenHash('agent-hash-hostile'))?.agent, hostile);
      await store.setAgentWebhookSecret('agt_hostile', HOSTILE_TEXT);
      assert.equal(await store.agentWebhookSecret('agt_hostile'), HOSTILE_TEXT);
      const odd = settings('ptn_c', { shopName: HOSTILE_TEXT, supportEmail: '"o\'brien"@ร้าน.example' });
      await store.putShopSettings(odd);
      assert.deepEqual(await store.getShopSettings('ptn_c'), odd);
      const host = `${HOSTILE_TEXT.slice(0, 200)}.example`;
      assert.equal(await store.addPartnerDomain('ptn_c', host, T1), true);
      assert.equal(await store.partnerOfDomain(host), 'ptn_c');

      await assert.rejects(store.insertAgent(agent('agt_nul', 'ptn_c', 'ak_test_NULL', { name: 'a\u0000b' }), 'h-nul'));
      assert.equal((await store.listAgents('ptn_c')).length, 1, 'the agent with a NUL was not stored');
      await assert.rejects(store.putShopSettings(settings('ptn_c', { shopName: 'x\u0000' })));
      assert.deepEqual(await store.getShopSettings('ptn_c'), odd, 'settings with a NUL were not stored');
    },
  },
];
