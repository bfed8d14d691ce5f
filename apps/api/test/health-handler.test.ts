import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHealthHandler, type SearchHealth } from '../src/health-handler.ts';
import { createStartupTimeline } from '../src/startup-timeline.ts';

const get = (handler: ReturnType<typeof createHealthHandler>, path: string) =>
  handler({ method: 'GET', path, query: new URLSearchParams(), headers: {}, body: new Uint8Array() });
const body = (response: { body: unknown }) =>
  JSON.parse(String(response.body)) as Record<string, unknown> & {
    status: string;
    search?: SearchHealth & { ok: boolean };
  };

describe('readiness', () => {
  it('is not ready while the search index loads, and says so; ready once it serves', async () => {
    let search: SearchHealth = { state: 'loading', version: null, source: null, refreshing: false, error: null };
    const handler = createHealthHandler({
      database: async () => 1,
      grocer: async () => 1,
      catalogVersion: () => 'v1',
      search: () => search,
    });
    const loading = await get(handler, '/health/ready');
    assert.equal(loading.status, 503);
    assert.equal(body(loading).status, 'starting');
    assert.equal(body(loading).search?.state, 'loading');
    assert.equal(body(loading).search?.ok, false);
    assert.equal((await get(handler, '/health')).status, 200, 'liveness stays 200');
    search = { state: 'ready', version: 'i1', source: 'stored', refreshing: false, error: null };
    const ready = await get(handler, '/health/ready');
    assert.equal(ready.status, 200);
    assert.deepEqual(body(ready).search, { ok: true, ...search });
  });

  it('a rebuild in the background keeps it ready', async () => {
    const handler = createHealthHandler({
      database: async () => 1,
      grocer: async () => 1,
      catalogVersion: () => 'v2',
      search: () => ({ state: 'ready', version: 'i1', source: 'built', refreshing: true, error: null }),
    });
    assert.equal((await get(handler, '/health/ready')).status, 200);
  });

  it('without an embedded search service readiness is about the rest; a failing dependency is degraded', async () => {
    const ok = createHealthHandler({ database: async () => 1, grocer: async () => 1, catalogVersion: () => 'v1' });
    assert.equal((await get(ok, '/health/ready')).status, 200);
    assert.equal(body(await get(ok, '/health')).search, undefined);
    const failing = createHealthHandler({
      database: async () => Promise.reject(new Error('down')),
      grocer: async () => 1,
      catalogVersion: () => 'v1',
      search: () => ({ state: 'loading', version: null, source: null, refreshing: false, error: null }),
    });
    assert.equal(body(await get(failing, '/health/ready')).status, 'degraded');
  });

  it('checks the database and the grocer once per checkTtlMs, however many probes arrive', async () => {
    let clock = 0;
    const calls = { database: 0, grocer: 0 };
    const handler = createHealthHandler({
      database: async () => calls.database++,
      grocer: async () => calls.grocer++,
      catalogVersion: () => 'v1',
      checkTtlMs: 3_000,
      now: () => clock,
    });
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) => get(handler, i % 2 ? '/health' : '/health/ready')),
    );
    assert.ok(answers.every((answer) => answer.status === 200));
    assert.deepEqual(calls, { database: 1, grocer: 1 });
    clock += 2_999;
    await get(handler, '/health');
    assert.deepEqual(calls, { database: 1, grocer: 1 });
    clock += 1;
    await get(handler, '/health/ready');
    assert.deepEqual(calls, { database: 2, grocer: 2 });
    await get(handler, '/health/live');
    assert.deepEqual(calls, { database: 2, grocer: 2 }, 'liveness checks nothing');
  });

  it('shows the start-up phases once the start finished', async () => {
    let clock = 1000;
    const startup = createStartupTimeline(() => clock);
    const handler = createHealthHandler({
      database: async () => 1,
      grocer: async () => 1,
      catalogVersion: () => 'v1',
      startup: () => startup.timings(),
    });
    assert.equal(body(await get(handler, '/health')).startup, undefined);
    for (const [phase, ms] of [
      ['database', 200],
      ['grocer', 50],
      ['catalogSnapshot', 300],
      ['searchIndex', 400],
    ] as const) {
      clock += ms;
      startup.end(phase);
    }
    clock += 25;
    startup.finish('stored');
    assert.deepEqual(body(await get(handler, '/health')).startup, {
      phases: { moduleLoad: 1000, database: 200, grocer: 50, catalogSnapshot: 300, searchIndex: 400, listening: 25 },
      totalMs: 1975,
      searchIndex: 'stored',
    });
  });
});
