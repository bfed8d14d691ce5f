/**
 * Delivery of the outbox to a real receiver on 127.0.0.1: the retry schedule on a manual clock
 * (500, timeout, redirect), 410 disabling the endpoint, a dispatcher stopped mid-delivery, claims
 * of a dead instance expiring, two dispatchers on one database, secret rotation, redelivery and
 * the admin routes. On PGlite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { verify } from '@octokit/webhooks-methods';
import {
  createEventRuntime,
  WebhookDispatcher,
  WebhookEndpoints,
  WEBHOOK_RETRY_DELAYS_MS,
  type EventRuntime,
} from '@grocery/core';
import type { DeliveryRecord, WebhookEndpointRecord } from '@grocery/core/ports';
import { createAdminHandler, type HttpRequest } from '@grocery/core/http';
import { ManualClock } from '@grocery/core/testing';
import { createSqlStore, openDatabase, testDatabaseKinds, type TestDatabaseKind } from '@grocery/store';
import { createHttpWebhookSender } from '@grocery/webhooks';
import { answer, openWorld, startReceiver, type Receiver, type World } from './support/event-world.ts';

const ADMIN_TOKEN = 'admin-token-0123456789abcdefghij';

interface Setup {
  clock: ManualClock;
  world: World;
  runtime: EventRuntime;
  receiver: Receiver;
  admin: (
    method: string,
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ) => Promise<{ status: number; json: unknown }>;
  close(): Promise<void>;
}

async function setUp(kind: TestDatabaseKind, options: { timeoutMs?: number } = {}): Promise<Setup> {
  const clock = new ManualClock(Date.now());
  const world = await openWorld(kind, { clock, grocer: { pickingStepMs: 3_600_000 } });
  const receiver = await startReceiver();
  const sender = createHttpWebhookSender();
  const runtime = createEventRuntime({
    commerce: world.commerce,
    sender,
    clock,
    instanceId: 'instance-a',
    dispatcher: { timeoutMs: options.timeoutMs ?? 2_000, idleMs: 10, onError: () => {} },
  });
  const handler = createAdminHandler({
    commerce: world.commerce,
    adminToken: ADMIN_TOKEN,
    webhooks: new WebhookEndpoints({ store: world.commerce.store, sender, clock }),
  });
  const admin: Setup['admin'] = async (method, path, body, query = {}) => {
    const request: HttpRequest = {
      method,
      path,
      query: new URLSearchParams(query),
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: body === undefined ? new Uint8Array() : Buffer.from(JSON.stringify(body)),
    };
    const response = await handler(request);
    return { status: response.status, json: response.body ? (JSON.parse(String(response.body)) as unknown) : null };
  };
  return {
    clock,
    world,
    runtime,
    receiver,
    admin,
    async close() {
      await runtime.stop();
      await receiver.close();
      await world.close();
    },
  };
}

async function register(
  setup: Setup,
  events: string[] = ['payment.paid'],
  url = setup.receiver.url,
): Promise<{ endpointId: string; secret: string }> {
  const { status, json } = await setup.admin('POST', `/admin/partners/${setup.world.partnerId}/webhooks`, {
    url,
    events,
  });
  assert.equal(status, 201, JSON.stringify(json));
  return json as { endpointId: string; secret: string };
}

async function deliveries(setup: Setup): Promise<DeliveryRecord[]> {
  const { status, json } = await setup.admin('GET', `/admin/partners/${setup.world.partnerId}/deliveries`);
  assert.equal(status, 200);
  return (json as { deliveries: DeliveryRecord[] }).deliveries;
}

/** Places and pays an order: one payment.paid (and one order.status) event in the outbox. */
async function paidOrder(setup: Setup): Promise<string> {
  const { order, token } = await setup.world.placeOrder();
  await setup.world.pay(token);
  return order.orderId;
}

const eventIds = (receiver: Receiver): string[] =>
  receiver.requests.map((r) => (JSON.parse(r.body) as { id: string }).id);

for (const kind of testDatabaseKinds()) {
  describe(`webhook delivery on ${kind.name}`, () => {
    test('a flaky receiver gets every retry on schedule, then the delivery fails; every attempt is recorded', async () => {
      // Long enough that a loaded machine still answers the other attempts within it; the hanging one waits it out.
      const setup = await setUp(kind, { timeoutMs: 2_000 });
      try {
        const { secret } = await register(setup);
        // A redirect target the dispatcher must never reach.
        const elsewhere = await startReceiver();
        const plan = ['500', 'hang', '302', '500', '503', '500', '404', '500'];
        setup.receiver.respond = async (_request, res) => {
          const next = plan[setup.receiver.requests.length - 1];
          // Holds the request until the dispatcher gives up on it.
          if (next === 'hang') await new Promise((resolve) => res.on('close', resolve));
          else if (next === '302') res.writeHead(302, { location: elsewhere.url }).end();
          else res.writeHead(Number(next)).end(`failure ${next} ${'x'.repeat(5_000)}`);
        };
        await paidOrder(setup);
        const start = setup.clock.now();
        const dispatcher = setup.runtime.dispatcher;
        assert.equal((await dispatcher.dispatchOnce()).retried, 1);
        let elapsed = 0;
        for (const [index, delay] of WEBHOOK_RETRY_DELAYS_MS.entries()) {
          setup.clock.advance(delay - 1);
          elapsed += delay;
          assert.equal(
            (await dispatcher.dispatchOnce()).claimed,
            0,
            `attempt ${index + 2} is not due before ${delay} ms`,
          );
          setup.clock.advance(1);
          const round = await dispatcher.dispatchOnce();
          assert.equal(round.claimed, 1, `attempt ${index + 2} is due after ${delay} ms`);
          assert.equal(index === WEBHOOK_RETRY_DELAYS_MS.length - 1 ? round.failed : round.retried, 1);
        }
        setup.clock.advance(7 * 24 * 3_600_000);
        assert.equal((await dispatcher.dispatchOnce()).claimed, 0, 'a failed delivery is not tried again');
        assert.equal(setup.clock.now() - start - 7 * 24 * 3_600_000, elapsed);

        assert.equal(setup.receiver.requests.length, 8);
        assert.equal(elsewhere.requests.length, 0, 'redirects are not followed');
        await elsewhere.close();
        const ids = new Set(eventIds(setup.receiver));
        assert.equal(ids.size, 1, 'every retry carries the same event id');
        for (const request of setup.receiver.requests) {
          assert.equal(await verify(secret, request.body, String(request.headers['x-shop-partner-signature'])), true);
          assert.equal(request.headers['x-shop-event-id'], [...ids][0]);
        }
        assert.deepEqual(
          setup.receiver.requests.map((r) => r.headers['x-shop-delivery-attempt']),
          ['1', '2', '3', '4', '5', '6', '7', '8'],
        );
        // ts is the attempt's time, so receivers can refuse old bodies.
        const stamps = setup.receiver.requests.map((r) => (JSON.parse(r.body) as { ts: number }).ts);
        assert.deepEqual(
          stamps.slice(1).map((ts, i) => ts - stamps[i]!),
          WEBHOOK_RETRY_DELAYS_MS.map((ms) => Math.round(ms / 1000)),
        );

        const [delivery] = await deliveries(setup);
        assert.equal(delivery!.status, 'failed');
        assert.equal(delivery!.attemptCount, 8);
        assert.deepEqual(
          delivery!.attempts.map((a) => a.statusCode),
          [500, null, 302, 500, 503, 500, 404, 500],
        );
        assert.deepEqual(
          delivery!.attempts.map((a) => a.outcome),
          ['retry', 'retry', 'retry', 'retry', 'retry', 'retry', 'retry', 'failed'],
        );
        assert.match(delivery!.attempts[1]!.error!, /^timeout/);
        assert.ok(
          delivery!.attempts.every((a) => (a.responseSnippet ?? '').length <= 1024),
          'response snippets are bounded',
        );
        assert.match(delivery!.attempts[0]!.responseSnippet!, /^failure 500 x+$/);
        const started = delivery!.attempts.map((a) => Date.parse(a.startedAt));
        assert.deepEqual(
          started.slice(1).map((t, i) => t - started[i]!),
          [...WEBHOOK_RETRY_DELAYS_MS],
        );
      } finally {
        await setup.close();
      }
    });

    test('deliveries go out in parallel beyond one batch: an endpoint that hangs holds up neither the others nor further claims', async () => {
      const setup = await setUp(kind);
      const slow = await startReceiver();
      const dispatcher = new WebhookDispatcher({
        store: setup.world.commerce.store,
        sender: createHttpWebhookSender(),
        clock: setup.clock,
        batchSize: 2,
        concurrency: 20,
        idleMs: 5,
      });
      const held: (() => void)[] = [];
      try {
        await register(setup, ['payment.paid']);
        await register(setup, ['payment.paid'], slow.url);
        slow.respond = (_request, res) =>
          new Promise<void>((resolve) => held.push(() => (res.writeHead(204).end(), resolve())));
        for (let i = 0; i < 5; i++) await paidOrder(setup);
        dispatcher.start();
        await slow.waitForRequests(5, 10_000);
        assert.equal(
          slow.inFlight,
          5,
          'the hanging endpoint has all five at once, more than a batch of two: claims went on while they waited',
        );
        const delivered = async () => (await deliveries(setup)).filter((d) => d.status === 'delivered').length;
        for (let waited = 0; (await delivered()) < 5 && waited < 10_000; waited += 20) await sleep(20);
        assert.equal(await delivered(), 5, "the other endpoint's five are delivered while the first five hang");
        assert.equal(slow.inFlight, 5);
        for (const release of held.splice(0)) release();
        await dispatcher.stop({ drainMs: 5_000 });
        assert.deepEqual(
          (await deliveries(setup)).map((d) => [d.status, d.attemptCount, d.attempts.length]),
          Array.from({ length: 10 }, () => ['delivered', 1, 1]),
        );
      } finally {
        for (const release of held) release();
        await dispatcher.stop({ drainMs: 0 });
        await slow.close();
        await setup.close();
      }
    });

    test("a receiver's answer with NUL bytes, or cut through a character, is kept in the log as text", async () => {
      const setup = await setUp(kind);
      try {
        await register(setup);
        // 1,023 characters, then an emoji whose pair the 1,024-character limit cuts in half.
        setup.receiver.respond = answer(500, `bad\0answer ${'x'.repeat(1_012)}\u{1F600}tail`);
        await paidOrder(setup);
        assert.equal((await setup.runtime.dispatcher.dispatchOnce()).retried, 1);
        const [delivery] = await deliveries(setup);
        const snippet = delivery!.attempts[0]!.responseSnippet!;
        assert.equal(delivery!.attemptCount, 1, 'the attempt was recorded and counted');
        assert.equal(snippet, `bad\uFFFDanswer ${'x'.repeat(1_012)}\uFFFD`);
      } finally {
        await setup.close();
      }
    });

    test('410 disables the endpoint and cancels what was pending for it', async () => {
      const setup = await setUp(kind);
      try {
        const { endpointId } = await register(setup);
        setup.receiver.respond = answer(410, 'gone');
        await paidOrder(setup);
        await paidOrder(setup);
        const oneAtATime = new WebhookDispatcher({
          store: setup.world.commerce.store,
          sender: createHttpWebhookSender(),
          clock: setup.clock,
          batchSize: 1,
        });
        assert.deepEqual(await oneAtATime.dispatchOnce(), {
          claimed: 1,
          delivered: 0,
          retried: 0,
          failed: 1,
          released: 0,
        });
        const listed = await setup.admin('GET', `/admin/partners/${setup.world.partnerId}/webhooks`);
        const endpoint = (listed.json as { endpoints: WebhookEndpointRecord[] }).endpoints.find(
          (e) => e.endpointId === endpointId,
        )!;
        assert.equal(endpoint.status, 'disabled');
        assert.match(endpoint.disabledReason!, /410/);
        assert.ok(!JSON.stringify(listed.json).includes('whsec_'), 'secrets are never listed');
        assert.deepEqual((await deliveries(setup)).map((d) => d.status).sort(), ['cancelled', 'failed']);
        // Nothing more goes to a disabled endpoint, and new events get no delivery for it.
        setup.clock.advance(24 * 3_600_000);
        await paidOrder(setup);
        assert.equal((await oneAtATime.dispatchOnce()).claimed, 0);
        assert.equal(setup.receiver.requests.length, 1);
        assert.equal((await deliveries(setup)).length, 2);
      } finally {
        await setup.close();
      }
    });

    test('a dispatcher stopped in the middle of a delivery loses nothing: a later one delivers everything', async () => {
      const setup = await setUp(kind);
      try {
        await register(setup, ['payment.paid', 'order.status']);
        const held: (() => void)[] = [];
        // The receiver holds every request until released.
        setup.receiver.respond = (_request, res) =>
          new Promise<void>((resolve) => held.push(() => (res.writeHead(200).end('ok'), resolve())));
        for (let i = 0; i < 3; i++) await paidOrder(setup);
        setup.runtime.dispatcher.start();
        await setup.receiver.waitForRequests(6);
        await setup.runtime.dispatcher.stop({ drainMs: 50 });
        assert.equal(setup.runtime.dispatcher.running, false);
        const afterStop = await deliveries(setup);
        assert.ok(
          afterStop.every((d) => d.status === 'pending' && d.attemptCount === 0),
          'aborted sends do not count as attempts',
        );
        assert.ok(afterStop.every((d) => d.attempts.length === 1 && d.attempts[0]!.outcome === 'aborted'));

        setup.receiver.respond = answer(200, 'ok');
        for (const release of held) release();
        const later = new WebhookDispatcher({
          store: setup.world.commerce.store,
          sender: createHttpWebhookSender(),
          clock: setup.clock,
          instanceId: 'instance-b',
        });
        assert.equal((await later.dispatchOnce()).delivered, 6);
        const expected = (await deliveries(setup)).map((d) => d.eventId).sort();
        assert.deepEqual(
          [...new Set(eventIds(setup.receiver))].sort(),
          expected,
          'receiver-side dedupe by event id: none lost',
        );
        assert.ok(
          (await deliveries(setup)).every(
            (d) => d.status === 'delivered' && d.attempts.at(-1)!.instanceId === 'instance-b',
          ),
        );
      } finally {
        await setup.close();
      }
    });

    test("a killed instance's claims expire and another instance delivers them", async () => {
      const setup = await setUp(kind);
      try {
        await register(setup);
        await paidOrder(setup);
        const store = setup.world.commerce.store;
        const now = setup.clock.now();
        // The dead instance claimed the delivery and never came back.
        assert.equal(
          (await store.claimDeliveries({ instanceId: 'dead', nowMs: now, untilMs: now + 60_000, limit: 10 })).length,
          1,
        );
        const survivor = new WebhookDispatcher({
          store,
          sender: createHttpWebhookSender(),
          clock: setup.clock,
          instanceId: 'survivor',
          leaseMs: 60_000,
        });
        assert.equal((await survivor.dispatchOnce()).claimed, 0, 'a live claim is respected');
        setup.clock.advance(60_001);
        assert.equal((await survivor.dispatchOnce()).delivered, 1);
        assert.equal(setup.receiver.requests.length, 1);
        // The dead instance's late report cannot move the delivery back.
        const recorded = (
          await store.recordDeliveryAttempts([
            {
              deliveryId: (await deliveries(setup))[0]!.deliveryId,
              instanceId: 'dead',
              startedAtMs: now,
              latencyMs: 1,
              statusCode: 500,
              responseSnippet: null,
              error: 'HTTP 500',
              outcome: { kind: 'retry', nextAttemptAtMs: now + 5_000 },
              nowMs: setup.clock.now(),
            },
          ])
        )[0];
        assert.equal(recorded, false);
        assert.equal((await deliveries(setup))[0]!.status, 'delivered');
      } finally {
        await setup.close();
      }
    });

    if (kind.name === 'postgres') {
      test('an instance killed (SIGKILL) in the middle of delivering: another delivers everything once its claims expire', async () => {
        const setup = await setUp(kind);
        let child: ChildProcess | null = null;
        try {
          await register(setup, ['payment.paid', 'order.status']);
          for (let i = 0; i < 3; i++) await paidOrder(setup);
          // The receiver takes every request and never answers: the instance dies mid-delivery.
          setup.receiver.respond = () => new Promise<void>(() => {});
          child = spawn(
            process.execPath,
            ['--import', 'tsx', fileURLToPath(new URL('./support/dispatcher-process.ts', import.meta.url))],
            {
              env: { ...process.env, EVENTS_SCHEMA: await currentSchema(setup) },
              stdio: ['ignore', 'pipe', 'inherit'],
            },
          );
          await setup.receiver.waitForRequests(6, 15_000);
          child.kill('SIGKILL');
          await once(child, 'exit');
          const orphaned = await deliveries(setup);
          assert.ok(
            orphaned.every((d) => d.status === 'pending' && d.attempts.length === 0),
            'the dead instance recorded nothing',
          );
          setup.receiver.respond = answer(200, 'ok');
          const restarted = new WebhookDispatcher({
            store: setup.world.commerce.store,
            sender: createHttpWebhookSender(),
            clock: setup.clock,
            instanceId: 'restarted',
          });
          assert.equal((await restarted.dispatchOnce()).claimed, 0, 'the dead claims still hold');
          // The manual clock runs from the moment the world was made: past the child's 60 s leases.
          setup.clock.set(Date.now() + 60_001);
          assert.equal((await restarted.dispatchOnce()).delivered, 6);
          const expected = (await deliveries(setup)).map((d) => d.eventId).sort();
          assert.deepEqual(
            [...new Set(eventIds(setup.receiver))].sort(),
            expected,
            'receiver-side dedupe by event id: none lost',
          );
        } finally {
          child?.kill('SIGKILL');
          await setup.close();
        }
      });
    }

    test('two dispatchers on one database never deliver one event in parallel, and deliver each once', async () => {
      const setup = await setUp(kind);
      const second =
        kind.name === 'postgres'
          ? await openDatabase({
              url: process.env.TEST_DATABASE_URL,
              schema: await currentSchema(setup),
              maxConnections: 5,
            })
          : setup.world.db;
      try {
        await register(setup, ['payment.paid', 'order.status']);
        const active = new Map<string, number>();
        let overlap = 0;
        setup.receiver.respond = async (request, res) => {
          const id = (JSON.parse(request.body) as { id: string }).id;
          active.set(id, (active.get(id) ?? 0) + 1);
          if (active.get(id)! > 1) overlap++;
          await new Promise((resolve) => setTimeout(resolve, 15));
          active.set(id, active.get(id)! - 1);
          res.writeHead(200).end();
        };
        for (let i = 0; i < 12; i++) await paidOrder(setup);
        const sender = createHttpWebhookSender();
        const one = new WebhookDispatcher({
          store: setup.world.commerce.store,
          sender,
          clock: setup.clock,
          instanceId: 'one',
          batchSize: 3,
          idleMs: 5,
        });
        const two = new WebhookDispatcher({
          store: await createSqlStore(second),
          sender,
          clock: setup.clock,
          instanceId: 'two',
          batchSize: 3,
          idleMs: 5,
        });
        one.start();
        two.start();
        await setup.receiver.waitForRequests(24, 10_000);
        await Promise.all([one.stop(), two.stop()]);
        assert.equal(overlap, 0, 'no event was being delivered twice at once');
        assert.equal(setup.receiver.requests.length, 24);
        assert.equal(new Set(eventIds(setup.receiver)).size, 24, 'each event once');
        const by = new Set((await deliveries(setup)).map((d) => d.attempts[0]!.instanceId));
        if (kind.name === 'postgres') assert.deepEqual([...by].sort(), ['one', 'two'], 'both instances took work');
      } finally {
        if (second !== setup.world.db) await second.close();
        await setup.close();
      }
    });

    test('rotation signs with the new secret and, for 24 hours, with the previous one too; redelivery sends the same event again', async () => {
      const setup = await setUp(kind);
      try {
        const { endpointId, secret: first } = await register(setup);
        const rotated = await setup.admin('POST', `/admin/webhooks/${endpointId}/rotate-secret`);
        assert.equal(rotated.status, 200);
        const { secret: second, previousSecretExpiresAt } = rotated.json as {
          secret: string;
          previousSecretExpiresAt: string;
        };
        assert.notEqual(second, first);
        assert.equal(Date.parse(previousSecretExpiresAt), setup.clock.now() + 24 * 3_600_000);
        await paidOrder(setup);
        await setup.runtime.dispatcher.dispatchOnce();
        const [during] = setup.receiver.requests;
        assert.equal(await verify(second, during!.body, String(during!.headers['x-shop-partner-signature'])), true);
        assert.equal(
          await verify(first, during!.body, String(during!.headers['x-shop-partner-signature-previous'])),
          true,
        );
        assert.equal(await verify(first, during!.body, String(during!.headers['x-shop-partner-signature'])), false);

        setup.clock.advance(24 * 3_600_000 + 1);
        const [delivered] = await deliveries(setup);
        const again = await setup.admin('POST', `/admin/deliveries/${delivered!.deliveryId}/redeliver`);
        assert.equal(again.status, 202);
        await setup.runtime.dispatcher.dispatchOnce();
        const [, after] = setup.receiver.requests;
        assert.equal(after!.headers['x-shop-partner-signature-previous'], undefined, 'the overlap is over');
        assert.equal(await verify(second, after!.body, String(after!.headers['x-shop-partner-signature'])), true);
        assert.deepEqual(
          eventIds(setup.receiver),
          [eventIds(setup.receiver)[0], eventIds(setup.receiver)[0]],
          'a redelivery carries the same event id',
        );
        const listed = await deliveries(setup);
        assert.equal(listed[0]!.redeliveryOf, delivered!.deliveryId, 'newest first');
        assert.equal(listed[0]!.status, 'delivered');
        const page = await setup.admin('GET', `/admin/partners/${setup.world.partnerId}/deliveries`, undefined, {
          limit: '1',
        });
        assert.equal(
          (page.json as { deliveries: DeliveryRecord[]; nextBefore: string }).nextBefore,
          listed[0]!.deliveryId,
        );
        const next = await setup.admin('GET', `/admin/partners/${setup.world.partnerId}/deliveries`, undefined, {
          limit: '1',
          before: listed[0]!.deliveryId,
        });
        assert.deepEqual(
          (next.json as { deliveries: DeliveryRecord[] }).deliveries.map((d) => d.deliveryId),
          [delivered!.deliveryId],
        );
      } finally {
        await setup.close();
      }
    });

    test('admin: URLs outside the policy are refused; a disabled endpoint gets nothing; unknown ids are 404', async () => {
      const setup = await setUp(kind);
      try {
        const partnerPath = `/admin/partners/${setup.world.partnerId}/webhooks`;
        for (const url of [
          'ftp://127.0.0.1/x',
          'http://10.0.0.8/hook',
          'https://169.254.169.254/latest',
          'http://user:pw@127.0.0.1/x',
          'not a url',
          'http://192.168.1.1/',
        ]) {
          const refused = await setup.admin('POST', partnerPath, { url });
          assert.equal(refused.status, 400, url);
          assert.equal((refused.json as { error: { code: string; field: string } }).error.field, 'url');
        }
        assert.equal(
          (await setup.admin('POST', partnerPath, { url: setup.receiver.url, events: ['order.shipped'] })).status,
          400,
        );
        assert.equal((await setup.admin('POST', partnerPath, { url: setup.receiver.url, extra: 1 })).status, 400);
        assert.equal(
          (await setup.admin('POST', '/admin/partners/ptn_nobody/webhooks', { url: setup.receiver.url })).status,
          404,
        );
        // A production partner may not use loopback or http at all.
        const live = await setup.world.commerce.partners.createPartner({
          name: 'Live Partner',
          environment: 'production',
          clientId: 'live-client',
        });
        assert.equal(
          (await setup.admin('POST', `/admin/partners/${live.partner.partnerId}/webhooks`, { url: setup.receiver.url }))
            .status,
          400,
        );
        assert.equal(
          (
            await setup.admin('POST', `/admin/partners/${live.partner.partnerId}/webhooks`, {
              url: 'https://localhost/hook',
            })
          ).status,
          400,
        );

        const { endpointId } = await register(setup);
        assert.equal((await setup.admin('DELETE', `/admin/webhooks/${endpointId}`)).status, 204);
        await paidOrder(setup);
        assert.equal((await setup.runtime.dispatcher.dispatchOnce()).claimed, 0);
        assert.equal((await setup.admin('POST', `/admin/webhooks/${endpointId}/rotate-secret`)).status, 400);
        assert.equal((await setup.admin('DELETE', `/admin/webhooks/whe_${'0'.repeat(32)}`)).status, 404);
        assert.equal((await setup.admin('POST', `/admin/deliveries/dlv_${'0'.repeat(32)}/redeliver`)).status, 404);
        assert.equal(
          (await setup.admin('GET', `/admin/partners/${setup.world.partnerId}/deliveries`, undefined, { limit: '201' }))
            .status,
          400,
        );
      } finally {
        await setup.close();
      }
    });
  });
}

async function currentSchema(setup: Setup): Promise<string> {
  const { rows } = await setup.world.db.query<{ schema: string }>('SELECT current_schema() AS schema');
  return rows[0]!.schema;
}
