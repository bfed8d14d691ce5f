/**
 * Partner creation and app-client registration under concurrency, through the admin API: however
 * many requests race for one client id (on PostgreSQL through two instances on one database), one
 * wins with 201 and the others answer 409 `CLIENT_ID_TAKEN`, and the losers leave no partner, key or
 * client behind. On PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { openDatabase, testDatabaseKinds, type Db, type TestDatabaseKind } from '@grocery/store';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const ADMIN_TOKEN = 'admin-token-shared-by-the-racing-instances';
const RACERS = 5;

/** The instances to race through: one on PGlite; two on one PostgreSQL schema, as behind a load balancer. */
async function startInstances(
  kind: TestDatabaseKind,
): Promise<{ instances: TestSystem[]; db: Db; close(): Promise<void> }> {
  const env = { ADMIN_TOKEN };
  if (kind.name === 'pglite') {
    const t = await startTestSystem({ database: kind, env });
    return { instances: [t], db: t.system.db, close: () => t.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `races_${randomBytes(4).toString('hex')}`;
  const shared: TestDatabaseKind = { name: 'postgres', open: () => openDatabase({ url, schema, maxConnections: 5 }) };
  const a = await startTestSystem({ database: shared, env });
  const b = await startTestSystem({ database: shared, env });
  return {
    instances: [a, b],
    db: a.system.db,
    async close() {
      await b.close();
      await a.close();
      const admin = await openDatabase({ url, maxConnections: 1 });
      await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    },
  };
}

for (const kind of testDatabaseKinds()) {
  describe(`racing for one client id on ${kind.name}`, () => {
    let instances: TestSystem[];
    let db: Db;
    let running: Awaited<ReturnType<typeof startInstances>> | undefined;

    before(async () => {
      running = await startInstances(kind);
      ({ instances, db } = running);
    });
    after(async () => running?.close());

    /** The admin API of the i-th racer's instance. */
    const admin = (i: number, method: string, path: string, body?: unknown) =>
      instances[i % instances.length]!.admin(method, path, body);
    const count = async (table: string) =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    const counts = async () => ({
      partners: await count('partners'),
      keys: await count('partner_keys'),
      clients: await count('app_clients'),
    });
    const owners = async (clientId: string) =>
      (
        await db.query<{ partner_id: string }>('SELECT partner_id FROM app_clients WHERE client_id = $1', [clientId])
      ).rows.map((r) => r.partner_id);

    test(`${RACERS} concurrent POST /admin/partners with one new clientId: one partner, the rest 409 CLIENT_ID_TAKEN, nothing half-created`, async () => {
      for (let round = 0; round < 3; round++) {
        const clientId = `raced-partner-client-${round}`;
        const before = await counts();
        const answers = await Promise.all(
          Array.from({ length: RACERS }, (_, i) =>
            admin(i, 'POST', '/admin/partners', { name: `Racer ${round}-${i}`, environment: 'sandbox', clientId }),
          ),
        );
        assert.deepEqual(
          answers.map((a) => a.status).sort(),
          [201, ...Array<number>(RACERS - 1).fill(409)],
          JSON.stringify(answers),
        );
        for (const lost of answers.filter((a) => a.status === 409))
          assert.equal((lost.body as { error: { code: string; field: string } }).error.code, 'CLIENT_ID_TAKEN');
        const won = answers.find((a) => a.status === 201)!.body as { partnerId: string; clientId: string };
        assert.equal(won.clientId, clientId);
        assert.deepEqual(await owners(clientId), [won.partnerId]);
        assert.deepEqual(
          await counts(),
          { partners: before.partners + 1, keys: before.keys + 1, clients: before.clients + 1 },
          'the losers left no partner, key or client',
        );
      }
    });

    test(`${RACERS} concurrent POST /admin/partners/{id}/clients with one clientId, to one partner and to several: one registration, the rest 409`, async () => {
      const partners: string[] = [];
      for (let i = 0; i < 3; i++)
        partners.push(
          (
            (await admin(i, 'POST', '/admin/partners', { name: `Client Owner ${i}`, environment: 'sandbox' })).body as {
              partnerId: string;
            }
          ).partnerId,
        );
      for (const [label, partnerOf] of [
        ['one partner', () => partners[0]!],
        ['several partners', (i: number) => partners[i % partners.length]!],
      ] as const) {
        const clientId = `raced-client-${label.replace(' ', '-')}`;
        const before = await counts();
        const answers = await Promise.all(
          Array.from({ length: RACERS }, (_, i) =>
            admin(i, 'POST', `/admin/partners/${partnerOf(i)}/clients`, { redirectUris: [], clientId }),
          ),
        );
        assert.deepEqual(
          answers.map((a) => a.status).sort(),
          [201, ...Array<number>(RACERS - 1).fill(409)],
          `${label}: ${JSON.stringify(answers)}`,
        );
        assert.equal((await owners(clientId)).length, 1, label);
        assert.deepEqual(await counts(), { ...before, clients: before.clients + 1 }, label);
      }
    });

    test('a partner creation and client registrations racing for one clientId: one of them has it', async () => {
      const partnerId = (
        (await admin(0, 'POST', '/admin/partners', { name: 'Mixed Race Owner', environment: 'sandbox' })).body as {
          partnerId: string;
        }
      ).partnerId;
      const clientId = 'raced-client-mixed';
      const before = await counts();
      const answers = await Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          i % 2 === 0
            ? admin(i, 'POST', '/admin/partners', { name: `Mixed Racer ${i}`, environment: 'sandbox', clientId })
            : admin(i, 'POST', `/admin/partners/${partnerId}/clients`, { redirectUris: [], clientId }),
        ),
      );
      assert.equal(answers.filter((a) => a.status === 201).length, 1, JSON.stringify(answers));
      assert.equal(answers.filter((a) => a.status === 409).length, RACERS - 1);
      assert.equal((await owners(clientId)).length, 1);
      const created = answers.findIndex((a) => a.status === 201) % 2 === 0 ? 1 : 0;
      assert.deepEqual(await counts(), {
        partners: before.partners + created,
        keys: before.keys + created,
        clients: before.clients + 1,
      });
    });
  });
}
