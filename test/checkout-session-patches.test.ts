/**
 * ACP updates are patches (absent = unchanged, null = cleared) merged over the session as read: on
 * PGlite and PostgreSQL, two patches that read the same version both land (the second is merged
 * again over the first's result, not written over it), and core refuses an update whose expected
 * version is stale without writing anything.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CommerceError, type SessionCaller } from '@grocery/core';
import { createSqlStore, testDatabaseKinds, type Db } from '@grocery/store';
import { assertSession } from '../packages/acp/test/support/acp-json-schemas.ts';
import { acpWorld, BUYER, MILK, RICE, select, type AcpWorld } from '../packages/acp/test/support/acp-world.ts';

type Json = Record<string, unknown>;
const SESSIONS = '/acp/checkout_sessions';

/** Holds the grocer's calculator until `count` requests wait at it, so that they all read the session before any writes. */
function holdCalculations(world: AcpWorld, count: number): () => Promise<void> {
  let release!: () => void;
  world.grocer.gate = new Promise((resolve) => (release = resolve));
  const start = world.grocer.calculations;
  return async () => {
    while (world.grocer.calculations - start < count) await new Promise((resolve) => setImmediate(resolve));
    world.grocer.gate = null;
    release();
  };
}

for (const kind of testDatabaseKinds()) {
  describe(`ACP patches on ${kind.name}`, () => {
    let db: Db;
    let world: AcpWorld;

    before(async () => {
      db = await kind.open();
      world = await acpWorld({ store: await createSqlStore(db) });
    });
    after(async () => db?.close());

    async function open(): Promise<Json> {
      const response = await world.send('POST', SESSIONS, {
        json: { line_items: [{ id: MILK, quantity: 1 }] },
      });
      assert.equal(response.status, 201, JSON.stringify(response.json));
      return response.json;
    }

    test('two patches read from one version both land: the buyer of one and the coupon of the other', async () => {
      const id = (await open()).id as string;
      const release = holdCalculations(world, 2);
      const patches = [{ buyer: BUYER }, { discounts: { codes: ['SAVE10'] } }].map((json) =>
        world.send('POST', `${SESSIONS}/${id}`, { json }),
      );
      await release();
      const answers = await Promise.all(patches);
      for (const answer of answers) assert.equal(answer.status, 200, JSON.stringify(answer.json));

      const stored = (await world.commerce.store.getCheckoutSession('ptn_a', id))!;
      assert.equal(stored.buyer.email, BUYER.email, 'the buyer is kept');
      assert.deepEqual(stored.couponCodes, ['SAVE10'], 'the coupon is kept');
      assert.equal(stored.version, 3, 'two writes, each over the version before it');
      const read = assertSession((await world.send('GET', `${SESSIONS}/${id}`)).json);
      assert.equal((read.buyer as Json).email, BUYER.email);
      assert.deepEqual((read.discounts as { codes: string[] }).codes, ['SAVE10']);
    });

    test('three patches of different fields (lines, selection, buyer) racing: every answered one is in the session', async () => {
      const created = await open();
      const id = created.id as string;
      const release = holdCalculations(world, 3);
      const patches = [
        { line_items: [{ id: MILK, quantity: 2 }, { id: RICE }] },
        select('pickup_BKK01'),
        { buyer: { ...BUYER, first_name: 'Malee' } },
      ].map((json) => world.send('POST', `${SESSIONS}/${id}`, { json }));
      await release();
      const answers = await Promise.all(patches);
      // Each either landed or was refused whole (409 session_busy with Retry-After): none is half-written or lost.
      for (const answer of answers) {
        if (answer.status === 409) {
          assert.equal(answer.json.code, 'session_busy');
          assert.equal(answer.headers['retry-after'], '1');
        } else assert.equal(answer.status, 200, JSON.stringify(answer.json));
      }
      const [lines, selection, buyer] = answers.map((answer) => answer.status === 200);
      const stored = (await world.commerce.store.getCheckoutSession('ptn_a', id))!;
      if (lines)
        assert.deepEqual(
          stored.lines.map((line) => [line.cprcode, line.quantity]),
          [
            [MILK, 2],
            [RICE, 1],
          ],
        );
      if (selection) assert.deepEqual(stored.fulfilment, { type: 'pickup', branchCode: 'BKK01' });
      if (buyer) assert.equal(stored.buyer.firstName, 'Malee');
      assert.equal(stored.version, 1 + answers.filter((answer) => answer.status === 200).length);
    });

    test('core refuses an update over a version that is no longer stored, and writes nothing', async () => {
      const id = (await open()).id as string;
      const { agent, partner } = (await world.commerce.agents.verify(world.token))!;
      const caller: SessionCaller = { partner, callerId: agent.agentId, protocol: 'acp' };
      const sessions = world.commerce.sessions;
      const read = await sessions.get(caller, id);
      const named = { ...read, buyer: { ...read.buyer, firstName: 'A' } };
      const first = await sessions.update(caller, id, named, { expectedVersion: read.version });
      assert.equal(first.version, read.version + 1);
      const stale = sessions.update(
        caller,
        id,
        { ...read, couponCodes: ['SAVE10'] },
        {
          expectedVersion: read.version,
        },
      );
      const error = await stale.then(
        () => assert.fail('a stale update is refused'),
        (caught: unknown) => caught,
      );
      assert.ok(error instanceof CommerceError);
      assert.equal(error.code, 'CHECKOUT_SESSION_BUSY');
      assert.deepEqual(error.details, { reason: 'changed', version: first.version, expectedVersion: read.version });
      assert.deepEqual(await world.commerce.store.getCheckoutSession('ptn_a', id), first, 'nothing written');
    });
  });
}
