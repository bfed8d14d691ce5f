import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { describe, test } from 'node:test';
import { startFaultProxy } from './support/fault-proxy.ts';
import { startGrocerInProcess, TEST_GROCER_CONTROL_TOKEN } from './support/grocer-process.ts';
import { startTestSystem } from './support/test-system.ts';

describe('observability and graceful shutdown', () => {
  test('/metrics reports requests, grocer calls, the outbox, snapshot and index versions; only for the admin token', async () => {
    const t = await startTestSystem();
    try {
      await t.graphql('query($b: ID!) { products(first: 5, branchCode: $b) { nodes { price { amount } } } }', {
        b: (await t.system.commerce.branches.list())[0]!.branchCode,
      });
      await fetch(`${t.baseUrl}/v1/products?size=1`, { headers: { 'x-partner-key': t.partnerKey } });
      assert.equal((await fetch(`${t.baseUrl}/metrics`)).status, 401);
      const response = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${t.adminToken}` } });
      assert.equal(response.status, 200);
      const text = await response.text();
      assert.match(text, /http_requests_total\{surface="graphql",method="POST",status="200"\} [1-9]/);
      assert.match(text, /http_requests_total\{surface="catalog",method="GET",status="200"\} [1-9]/);
      assert.match(text, /http_request_duration_seconds_bucket\{le="0\.005",surface="graphql"\}/);
      assert.match(text, /grocer_calls_total\{operation="prices",outcome="ok"\} [1-9]/);
      assert.match(text, /webhook_deliveries\{status="pending"\} \d+/);
      assert.match(text, new RegExp(`catalog_snapshot_info\\{version="${t.system.catalog.current()!.version}"\\} 1`));
      assert.match(text, /search_index_info\{version="[^"]+"\} 1/);
      assert.match(text, /process_resident_memory_bytes/);
      assert.doesNotMatch(text, new RegExp(t.partnerKey), 'no secret in metrics');
    } finally {
      await t.close();
    }
  });

  test('health probes without a key reach the grocer once per few seconds: 1,000 of /health, 50 at once, are one grocer call', async () => {
    const grocer = await startGrocerInProcess({ productCount: 500 });
    const proxy = await startFaultProxy(grocer.origin);
    const t = await startTestSystem({
      env: { GROCER_URL: proxy.origin, GROCER_CONTROL_TOKEN: TEST_GROCER_CONTROL_TOKEN },
    });
    try {
      const versionCalls = () => proxy.calls({ method: 'GET', path: '/v1/catalog/version' }).length;
      // A slow grocer: every probe arriving meanwhile waits for the one check in flight.
      proxy.setRule({ method: 'GET', path: '/v1/catalog/version', kind: 'delay', ms: 300 });
      const before = versionCalls();
      const started = performance.now();
      let sent = 0;
      const statuses: number[] = [];
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          while (sent < 1_000) {
            sent++;
            const response = await fetch(`${t.baseUrl}${sent % 2 ? '/health' : '/health/ready'}`);
            const body = (await response.json()) as { grocer: { ok: boolean } };
            statuses.push(body.grocer.ok ? response.status : -response.status);
          }
        }),
      );
      const elapsedMs = performance.now() - started;
      assert.equal(statuses.length, 1_000);
      assert.deepEqual([...new Set(statuses)], [200], 'every probe answered, the grocer ok');
      // One call per 5 s window at most: one in all on a quiet machine, a few more if the probes take longer than that.
      const calls = versionCalls() - before;
      assert.ok(
        calls >= 1 && calls <= Math.ceil(elapsedMs / 5_000),
        `${calls} grocer calls in ${Math.round(elapsedMs)} ms`,
      );
    } finally {
      await t.close();
      await proxy.close();
      await grocer.close();
    }
  });

  test('stopping drains: a request in flight finishes, readiness says draining, new connections are refused', async () => {
    const t = await startTestSystem();
    const branch = (await t.system.commerce.branches.list())[0]!.branchCode;
    assert.equal((await fetch(`${t.baseUrl}/health/ready`)).status, 200);
    await t.admin('POST', '/admin/grocer/faults', { latencyMs: 600 });
    const slow = t.graphql<{ products: { nodes: unknown[] } }>(
      'query($b: ID!) { products(first: 3, branchCode: $b) { nodes { price { amount } } } }',
      { b: branch },
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    const stopping = t.close();
    const finished = await slow;
    assert.equal(finished.status, 200, 'the request in flight completed');
    assert.equal(finished.data?.products.nodes.length, 3);
    await stopping;
    await assert.rejects(fetch(`${t.baseUrl}/health/live`), 'no new connections after stop');
  });
});
