import assert from 'node:assert/strict';
import type { StoreContractCase } from './store-contract-fixtures.ts';

/** The `PartnerStore` part of the store contract: active keys, whole creations, unique order sources, key prefixes and client ids. */
export const partnerStoreContract: readonly StoreContractCase[] = [
  {
    name: 'finds a partner by an active key only, with its app clients',
    async run({ store }) {
      await store.addPartnerKey({
        keyHash: 'h1',
        keyPrefix: 'pk_test_AAAA',
        partnerId: 'ptn_a',
        environment: 'sandbox',
      });
      await store.addAppClient({ clientId: 'client-a', partnerId: 'ptn_a', redirectUris: ['https://a.example/cb'] });
      const found = await store.findPartnerByKeyHash('h1');
      assert.deepEqual(found, {
        partnerId: 'ptn_a',
        partnerName: 'A',
        orderSource: 'SRC_A',
        environment: 'sandbox',
        keyPrefix: 'pk_test_AAAA',
        live: false,
        clientIds: ['client-a'],
      });
      assert.equal(await store.revokePartnerKey('pk_test_AAAA'), true);
      assert.equal(await store.revokePartnerKey('pk_test_AAAA'), false);
      assert.equal(await store.findPartnerByKeyHash('h1'), null);
      assert.equal(await store.findPartnerByKeyHash("' OR 1=1 --"), null);
      assert.deepEqual(
        (await store.listPartnerKeys('ptn_a')).map((k) => [k.keyPrefix, k.revokedAt !== null]),
        [['pk_test_AAAA', true]],
      );
    },
  },
  {
    name: 'a partner with its key and client is created whole, or not at all when the client id is taken',
    async run({ store }) {
      const partner = { partnerId: 'ptn_c', name: 'C', environment: 'sandbox', orderSource: 'SRC_C' } as const;
      const created = await store.createPartnerWithCredentials({
        partner,
        key: { keyHash: 'hc', keyPrefix: 'pk_test_CCCC' },
        client: { clientId: 'client-c', redirectUris: [] },
      });
      assert.equal(created?.partnerId, 'ptn_c');
      assert.deepEqual((await store.findPartnerByKeyHash('hc'))?.clientIds, ['client-c']);
      const taken = await store.createPartnerWithCredentials({
        partner: { ...partner, partnerId: 'ptn_d', orderSource: 'SRC_D' },
        key: { keyHash: 'hd', keyPrefix: 'pk_test_DDDD' },
        client: { clientId: 'client-c', redirectUris: [] },
      });
      assert.equal(taken, null);
      assert.equal(await store.getPartner('ptn_d'), null, 'rolled back: no partner');
      assert.equal(await store.findPartnerByKeyHash('hd'), null, 'and no key');
      assert.equal(await store.addAppClient({ clientId: 'client-c', partnerId: 'ptn_a', redirectUris: [] }), null);
      assert.equal(await store.appClientExists('client-c'), true);
    },
  },
  {
    name: 'creations and registrations racing for one client id: one has it, the others get null and leave nothing behind',
    async run({ store }) {
      const creations = [0, 1, 2, 3, 4].map((i) =>
        store.createPartnerWithCredentials({
          partner: {
            partnerId: `ptn_race${i}`,
            name: `Racer ${i}`,
            environment: 'sandbox',
            orderSource: `SRC_RACE${i}`,
          },
          key: { keyHash: `h_race${i}`, keyPrefix: `pk_test_RAC${i}` },
          client: { clientId: 'client-raced', redirectUris: [] },
        }),
      );
      const registrations = [0, 1, 2].map(() =>
        store.addAppClient({ clientId: 'client-raced', partnerId: 'ptn_a', redirectUris: [] }),
      );
      const results = await Promise.all([...creations, ...registrations]);
      assert.equal(results.filter((result) => result !== null).length, 1, 'one winner');
      for (const i of [0, 1, 2, 3, 4]) {
        const won = results[i] !== null;
        assert.equal((await store.getPartner(`ptn_race${i}`)) !== null, won, `racer ${i}: a partner only when it won`);
        assert.equal(
          (await store.findPartnerByKeyHash(`h_race${i}`)) !== null,
          won,
          `racer ${i}: a key only when it won`,
        );
      }
      assert.equal(await store.appClientExists('client-raced'), true);
    },
  },
  {
    name: 'an order source and a key prefix belong to one partner; going live keeps its first time',
    async run({ store }) {
      await assert.rejects(
        store.createPartner({ partnerId: 'ptn_dup', name: 'Dup', environment: 'sandbox', orderSource: 'SRC_A' }),
        'an order source is unique',
      );
      assert.equal(await store.getPartner('ptn_dup'), null);
      await assert.rejects(
        store.addPartnerKey({
          keyHash: 'h-other',
          keyPrefix: 'pk_test_AAAA',
          partnerId: 'ptn_b',
          environment: 'production',
        }),
        'a key prefix is unique',
      );
      assert.equal(await store.setPartnerLive('ptn_b', '2026-11-22T05:00:00.000Z'), '2026-11-22T05:00:00.000Z');
      assert.equal(
        await store.setPartnerLive('ptn_b', '2026-11-23T05:00:00.000Z'),
        '2026-11-22T05:00:00.000Z',
        'the first go-live stands',
      );
      assert.deepEqual((await store.allRedirectUris()).sort(), ['https://a.example/cb']);
    },
  },
];
