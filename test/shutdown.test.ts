/**
 * SIGTERM drains: the API as a child process (as `npm start` runs it) stops accepting, answers every
 * request it accepted (503 with Retry-After for those whose work outlasts the drain deadline) and
 * exits within the deadline and a second, whatever the grocer, the database or the data directory
 * does meanwhile. The grocer is its own server behind the fault proxy, which delays chosen calls;
 * on PostgreSQL a second session holds a lock the requests wait on. The search service's main
 * drains the same way.
 */
import assert from 'node:assert/strict';
import { renameSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { openDatabase, type Db } from '@grocery/store';
import { createPostgresSchema, startApiProcess, type ApiProcess } from './support/api-process.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { startGrocerInProcess, type InProcessGrocer } from './support/grocer-process.ts';
import { spawnNodeChild } from './support/node-child.ts';

const postgres = process.env.TEST_DATABASE_URL;
const DRAIN_MS = 3_000;
/** What the promise (the deadline and a second) is checked against, with room for a loaded 2-core machine to deliver the signal and reap the child. */
const EXIT_BOUND_MS = DRAIN_MS + 1_000 + 1_000;

const INVENTORY = 'query($b: ID!, $c: [ID!]) { inventory(branchCode: $b, cprcodes: $c) { cprcode sellableQty } }';
const ORDER_CREATE =
  'mutation($i: OrderCreateInput) { orderCreate(input: $i) { order { orderId } userErrors { code } } }';

interface Answer {
  status: number;
  retryAfter: string | null;
  connection: string | null;
  body: string;
}

/** POSTs GraphQL on a connection of its own and keeps whatever comes back (or the socket error). */
async function graphql(
  api: ApiProcess,
  query: string,
  variables: Record<string, unknown>,
  token?: string,
): Promise<Answer | Error> {
  try {
    const response = await fetch(`${api.origin}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-partner-key': api.credentials.partnerKey,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      connection: response.headers.get('connection'),
      body: await response.text(),
    };
  } catch (error) {
    return error as Error;
  }
}

/** Whether a new TCP connection to the origin is refused. */
function refused(origin: string): Promise<boolean> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function until(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Products a shopper can order at `branchCode`: priced there, sold online, no alcohol. */
async function orderable(api: ApiProcess, grocer: InProcessGrocer, branchCode: string): Promise<string[]> {
  const page = await api.graphql<{ products: { nodes: { cprcode: string }[] } }>(
    'query($b: ID!) { products(first: 20, branchCode: $b, filter: { pricedOnly: true }) { nodes { cprcode } } }',
    {
      b: branchCode,
    },
  );
  return (await grocer.simulator.products(page.data!.products.nodes.map((n) => n.cprcode)))
    .filter((p) => p.active && p.online && !p.alcohol)
    .map((p) => p.cprcode);
}

/** Sends SIGTERM and measures how long the process takes to exit. */
async function terminate(api: ApiProcess): Promise<{ ms: number; code: number | null; signal: NodeJS.Signals | null }> {
  const start = performance.now();
  const exit = await api.stop();
  return { ms: performance.now() - start, ...exit };
}

function assertUnavailable(answer: Answer | Error, what: string): void {
  assert.ok(
    !(answer instanceof Error),
    `${what}: an answer, not a socket error (${answer instanceof Error ? answer.message : ''})`,
  );
  assert.equal(answer.status, 503, what);
  assert.equal(answer.retryAfter, '1', `${what}: Retry-After`);
  assert.equal(answer.connection, 'close', `${what}: the connection closes`);
  assert.deepEqual((JSON.parse(answer.body) as { error: { code: string } }).error.code, 'SHUTTING_DOWN', what);
}

describe('SIGTERM drains the API', () => {
  let grocer: InProcessGrocer;
  let proxy: FaultProxy;

  before(async () => {
    grocer = await startGrocerInProcess({ productCount: 500 });
    proxy = await startFaultProxy(grocer.origin);
  });
  after(async () => {
    await proxy?.close();
    await grocer?.close();
  });

  for (const database of ['pglite', 'postgres'] as const) {
    describe(
      `on ${database}`,
      { skip: database === 'postgres' && !postgres ? 'TEST_DATABASE_URL is not set' : false },
      () => {
        test('requests waiting on a slow grocer are answered (the quick one in full, the rest 503 with Retry-After at the deadline); new connections are refused; the process exits within the deadline and a second', async () => {
          const api = await startApiProcess({
            grocerUrl: proxy.origin,
            database,
            env: { DRAIN_TIMEOUT_MS: String(DRAIN_MS) },
          });
          try {
            const branch = (await grocer.simulator.branches())[0]!.branchCode;
            const codes = await orderable(api, grocer, branch);
            const stock = { method: 'POST', path: /^\/v1\/branches\/[^/]+\/stock$/ } as const;
            proxy.clear();
            proxy.addRule({ ...stock, kind: 'delay', ms: 1_000 });
            proxy.addRule({ ...stock, kind: 'delay', ms: 25_000, times: 5 });
            const since = Date.now();
            const quick = graphql(api, INVENTORY, { b: branch, c: [codes[0]] });
            await proxy.waitForCall({ ...stock, since });
            const slow = Array.from({ length: 5 }, (_, i) => graphql(api, INVENTORY, { b: branch, c: [codes[i + 1]] }));
            await until('six stock calls at the grocer', () => proxy.calls({ ...stock, since }).length === 6);

            let exited = false;
            const exiting = terminate(api).finally(() => (exited = true));
            // Refused while it still drains: a loaded machine may take a while to deliver the signal,
            // so the bound is the drain, and the process must not have exited yet.
            await until('new connections refused', () => refused(api.origin), DRAIN_MS);
            assert.equal(exited, false, 'new connections were refused while the drain ran, not only after the exit');
            const answered = await quick;
            assert.ok(!(answered instanceof Error), answered instanceof Error ? answered.message : '');
            assert.equal(answered.status, 200, 'the request that finishes within the deadline gets its answer');
            assert.equal((JSON.parse(answered.body) as { data: { inventory: unknown[] } }).data.inventory.length, 1);
            for (const [i, answer] of (await Promise.all(slow)).entries())
              assertUnavailable(answer, `slow request ${i + 1}`);
            const exit = await exiting;
            assert.equal(exit.signal, null, 'it exited by itself');
            assert.ok(
              exit.ms <= EXIT_BOUND_MS,
              `exited ${Math.round(exit.ms)} ms after SIGTERM (drain ${DRAIN_MS} ms)`,
            );
          } finally {
            proxy.clear();
            await api.close();
          }
        });
      },
    );
  }

  test(
    'on PostgreSQL a request waiting on a lock another session holds is answered 503 at the deadline, and the process exits within it and a second',
    { skip: postgres ? false : 'TEST_DATABASE_URL is not set' },
    async () => {
      const schema = await createPostgresSchema(postgres!);
      const api = await startApiProcess({
        grocerUrl: proxy.origin,
        database: { url: schema.url },
        env: { DRAIN_TIMEOUT_MS: String(DRAIN_MS) },
      });
      let locker: Db | null = null;
      let release!: () => void;
      let holding: Promise<unknown> = Promise.resolve();
      try {
        const { idToken } = await api.signUpShopper();
        const branch = (await grocer.simulator.branches())[0]!.branchCode;
        const [cprcode] = await orderable(api, grocer, branch);
        locker = await openDatabase({ url: schema.url, maxConnections: 2 });
        const db = locker;
        let locked!: () => void;
        const lockTaken = new Promise<void>((resolve) => (locked = resolve));
        // Another session takes the table for 90 s, as a long migration or a stuck transaction would.
        holding = db.transaction(async (tx) => {
          await tx.query('LOCK TABLE order_intents IN ACCESS EXCLUSIVE MODE');
          locked();
          await Promise.race([new Promise<void>((resolve) => (release = resolve)), sleep(90_000)]);
        });
        await lockTaken;
        const order = graphql(
          api,
          ORDER_CREATE,
          { i: { branchCode: branch, lines: [{ cprcode, quantity: 1 }] } },
          idToken,
        );
        await until(
          'the order waiting on the lock',
          async () =>
            (
              await db.query<{ n: number }>(
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
              )
            ).rows[0]!.n > 0,
        );

        const exit = await terminate(api);
        assertUnavailable(await order, 'the order waiting on the lock');
        assert.equal(exit.signal, null, 'it exited by itself');
        assert.ok(
          exit.ms <= EXIT_BOUND_MS,
          `exited ${Math.round(exit.ms)} ms after SIGTERM while the lock was held (drain ${DRAIN_MS} ms)`,
        );
      } finally {
        release?.();
        await holding.catch(() => {});
        await locker?.close();
        await api.close();
        await schema.drop();
      }
    },
  );

  test('on PGlite, with its data directory gone from under it, a request in flight is still answered and the process exits within the deadline and a second', async () => {
    const api = await startApiProcess({
      grocerUrl: proxy.origin,
      database: 'pglite',
      env: { DRAIN_TIMEOUT_MS: String(DRAIN_MS) },
    });
    const gone = `${api.dataDir}-gone`;
    try {
      const branch = (await grocer.simulator.branches())[0]!.branchCode;
      const [cprcode] = await orderable(api, grocer, branch);
      // Moved away in one step rather than deleted file by file: PGlite keeps writing while a
      // recursive delete walks the tree, which then fails on a directory that filled again.
      renameSync(api.dataDir, gone);
      const stock = { method: 'POST', path: /^\/v1\/branches\/[^/]+\/stock$/ } as const;
      proxy.clear();
      proxy.addRule({ ...stock, kind: 'delay', ms: 25_000 });
      const since = Date.now();
      const waiting = graphql(api, INVENTORY, { b: branch, c: [cprcode] });
      await proxy.waitForCall({ ...stock, since });
      const exit = await terminate(api);
      assertUnavailable(await waiting, 'the request in flight');
      assert.equal(exit.signal, null, 'it exited by itself');
      assert.ok(exit.ms <= EXIT_BOUND_MS, `exited ${Math.round(exit.ms)} ms after SIGTERM (drain ${DRAIN_MS} ms)`);
    } finally {
      proxy.clear();
      await api.close();
      rmSync(gone, { recursive: true, force: true });
    }
  });
});

describe(
  'SIGTERM drains the search service (npm run start:search)',
  { skip: postgres ? false : 'TEST_DATABASE_URL is not set: the search service needs PostgreSQL' },
  () => {
    test('a request waiting on a lock another session holds is answered 503 at the deadline; new connections are refused; it exits within the deadline and a second', async () => {
      const schema = await createPostgresSchema(postgres!);
      const child = spawnNodeChild({
        name: 'search',
        script: 'apps/search/src/main.ts',
        env: {
          DATABASE_URL: schema.url,
          SEARCH_PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          DRAIN_TIMEOUT_MS: String(DRAIN_MS),
        },
      });
      let locker: Db | null = null;
      let release!: () => void;
      let holding: Promise<unknown> = Promise.resolve();
      try {
        const [, origin = ''] = await child.waitForOutput(/search service at (http:\/\/[^\s"]+)/, 120_000);
        locker = await openDatabase({ url: schema.url, maxConnections: 2 });
        const db = locker;
        let locked!: () => void;
        const lockTaken = new Promise<void>((resolve) => (locked = resolve));
        holding = db.transaction(async (tx) => {
          await tx.query('LOCK TABLE partner_keys IN ACCESS EXCLUSIVE MODE');
          locked();
          await Promise.race([new Promise<void>((resolve) => (release = resolve)), sleep(90_000)]);
        });
        await lockTaken;
        // Its partner key is checked in the database, behind the lock.
        const searching = fetch(`${origin}/v1/search?q=milk&lang=en`, {
          headers: { 'x-partner-key': `pk_test_${'a'.repeat(32)}` },
        }).then(
          async (response) => ({
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            connection: response.headers.get('connection'),
            body: await response.text(),
          }),
          (error: unknown) => error as Error,
        );
        await until(
          'the search waiting on the lock',
          async () =>
            (
              await db.query<{ n: number }>(
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
              )
            ).rows[0]!.n > 0,
        );

        const start = performance.now();
        let exited = false;
        void child.exited.then(() => (exited = true));
        void child.stop('SIGTERM', 30_000);
        await until('new connections refused', () => refused(origin), DRAIN_MS);
        assert.equal(exited, false, 'new connections were refused while the drain ran, not only after the exit');
        assertUnavailable(await searching, 'the search waiting on the lock');
        const exit = await child.exited;
        const ms = performance.now() - start;
        assert.equal(exit.signal, null, `it exited by itself; its output:\n${child.output()}`);
        assert.ok(
          ms <= EXIT_BOUND_MS,
          `exited ${Math.round(ms)} ms after SIGTERM while the lock was held (drain ${DRAIN_MS} ms)`,
        );
      } finally {
        release?.();
        await holding.catch(() => {});
        await locker?.close();
        await child.stop('SIGKILL');
        await schema.drop();
      }
    });
  },
);
