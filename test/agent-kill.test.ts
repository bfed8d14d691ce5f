/**
 * kill -9 between an agent's complete and the grocer's answer, for UCP and ACP, on PGlite and
 * PostgreSQL: the grocer runs as its own process behind a proxy that holds its answer to the order
 * create; the API (a child process) is killed while it waits, and a new one starts on the same
 * database. The agent retries complete with the same Idempotency-Key until it is answered: the
 * session completes with exactly one grocer order (the one the dead process asked for), paid once,
 * and reconciliation finds nothing to report.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { GrocerGateway } from '@grocery/core/ports';
import {
  acpRestClient,
  startAgentPlatform,
  ucpRestClient,
  until,
  type AgentPlatform,
  type JsonAnswer,
} from './support/agent-platform.ts';
import { BUYER, prepareAgentShop, type AgentShop } from './support/agent-shop.ts';
import { startApiProcess, type ApiProcess } from './support/api-process.ts';
import { startFaultProxy, type FaultProxy, type RuleHandle } from './support/fault-proxy.ts';
import { startGrocerProcess, type GrocerProcess } from './support/grocer-process.ts';
import { mockInstrument, pickupAt } from './support/ucp-transports.ts';

const postgres = process.env.TEST_DATABASE_URL;
const SETTINGS = {
  GROCER_TIMEOUT_MS: '1500',
  GROCER_RETRIES: '1',
  // A key claimed by the killed process is free again this long after (idempotency keys and saga requests alike).
  CHECKOUT_REQUEST_WINDOW_MS: '5000',
  RECOVERY_DELAYS_MS: '500,1000',
  RECOVERY_IDLE_MS: '200',
  RECONCILE_INTERVAL_MS: '0',
};

/** How a protocol completes a ready session: the complete call (with its key), and a read of the session. */
interface Protocol {
  name: 'ucp' | 'acp';
  /** Creates a session with the buyer and pickup at the shop's branch; answers its id. */
  createReady(shop: AgentShop): Promise<string>;
  complete(shop: AgentShop, id: string, key: string): Promise<JsonAnswer>;
  read(shop: AgentShop, id: string): Promise<JsonAnswer>;
}

/** The protocols; the platform (its profile and key) exists once the suite started. */
function protocols(platform: () => AgentPlatform): Protocol[] {
  const ucp = (shop: AgentShop) => ucpRestClient(shop.agentBase, shop.token, platform());
  const acp = (shop: AgentShop) => acpRestClient(shop.agentBase, shop.token);
  return [
    {
      name: 'ucp',
      async createReady(shop) {
        const created = await ucp(shop)('POST', '/checkout-sessions', {
          line_items: [{ item: { id: shop.products[0] }, quantity: 2 }],
          buyer: BUYER,
          fulfillment: pickupAt(shop.branchCode),
        });
        assert.equal(created.json.status, 'ready_for_complete', created.text);
        return String(created.json.id);
      },
      complete: (shop, id, key) =>
        ucp(shop)('POST', `/checkout-sessions/${id}/complete`, mockInstrument('success_token'), { key }),
      read: (shop, id) => ucp(shop)('GET', `/checkout-sessions/${id}`),
    },
    {
      name: 'acp',
      async createReady(shop) {
        const created = await acp(shop)('POST', '/checkout_sessions', {
          line_items: [{ id: shop.products[1], quantity: 1 }],
          currency: 'thb',
          buyer: BUYER,
          selected_fulfillment_options: [{ type: 'pickup', option_id: `pickup_${shop.branchCode}`, item_ids: [] }],
        });
        assert.equal(created.json.status, 'ready_for_payment', created.text);
        return String(created.json.id);
      },
      complete: (shop, id, key) =>
        acp(shop)(
          'POST',
          `/checkout_sessions/${id}/complete`,
          {
            payment_data: {
              handler_id: 'sandbox_token',
              instrument: { type: 'token', credential: { type: 'token', token: 'success_token' } },
            },
          },
          { key },
        ),
      read: (shop, id) => acp(shop)('GET', `/checkout_sessions/${id}`),
    },
  ];
}

/** A complete under way when the API was killed: the session, its key and the answer that never came. */
interface Completion {
  protocol: Protocol;
  id: string;
  key: string;
  answer: Promise<JsonAnswer | null>;
}

describe('kill -9 between an agent complete and the grocer answer', () => {
  let grocer: GrocerProcess;
  let proxy: FaultProxy;
  let direct: GrocerGateway;
  let platform: AgentPlatform;

  before(async () => {
    grocer = await startGrocerProcess({ productCount: 300 });
    proxy = await startFaultProxy(grocer.origin);
    direct = grocer.client();
    platform = await startAgentPlatform();
  });
  after(async () => {
    await platform?.close();
    await proxy?.close();
    await grocer?.close();
  });

  for (const database of ['pglite', 'postgres'] as const) {
    describe(
      `on ${database}`,
      { skip: database === 'postgres' && !postgres ? 'TEST_DATABASE_URL is not set' : false },
      () => {
        let api: ApiProcess;
        let shop: AgentShop;

        before(async () => {
          api = await startApiProcess({ grocerUrl: proxy.origin, database, env: SETTINGS });
          shop = await prepareAgentShop(api, direct, api.origin, {
            protocols: ['ucp', 'acp'],
            webhookUrl: platform.acpWebhookUrl,
          });
        });
        after(async () => {
          proxy.clear();
          await api?.close();
        });

        /** The order ids the API sent to the grocer's POST /v1/orders since `since`. */
        const sentOrderIds = (since: number) => [
          ...new Set(
            proxy
              .calls({ method: 'POST', path: '/v1/orders', since })
              .map((call) => (JSON.parse(call.body.toString('utf8')) as { orderId: string }).orderId),
          ),
        ];

        /** A session of each protocol completing, each held at its first grocer call on `path`, and the API killed then. */
        async function killWhileHeld(path: string | RegExp): Promise<Completion[]> {
          const completions: Completion[] = [];
          const held: RuleHandle[] = [];
          for (const protocol of protocols(() => platform)) {
            const id = await protocol.createReady(shop);
            const key = randomUUID();
            const rule = proxy.addRule({ method: 'POST', path, kind: 'hold', forward: true, times: 1 });
            const answer = protocol.complete(shop, id, key).catch(() => null);
            await rule.reached;
            held.push(rule);
            completions.push({ protocol, id, key, answer });
          }
          await api.kill('SIGKILL');
          for (const rule of held) rule.release();
          for (const completion of completions)
            assert.equal(await completion.answer, null, 'the killed API never answered');
          await api.restart();
          return completions;
        }

        /** The retry of a complete under its key after the restart: in flight (409) until the dead claim is stale, then answered. */
        async function retry({ protocol, id, key }: Completion): Promise<string> {
          const answer = await until(
            `${protocol.name} complete to be answered after the restart`,
            async () => {
              const retried = await protocol.complete(shop, id, key);
              const waiting = retried.json.code === 'idempotency_in_flight' || retried.status === 429;
              return waiting ? null : retried;
            },
            60_000,
            500,
          );
          assert.equal(answer.status, 200, `${protocol.name}: ${answer.text}`);
          assert.equal(answer.json.status, 'completed', answer.text);
          assert.equal((await protocol.read(shop, id)).json.status, 'completed');
          return (answer.json.order as { id: string }).id;
        }

        /** Each order the only one sent for its session, paid once at the grocer, and reconciliation empty. */
        async function assertSettled(orderIds: string[], since: number): Promise<void> {
          assert.deepEqual(sentOrderIds(since).sort(), [...orderIds].sort(), 'one grocer order per session');
          for (const order of await direct.orders(orderIds)) {
            assert.equal(order.payment.isPaid, true, `${order.orderId} is paid at the grocer`);
            assert.ok(order.payment.paymentId, 'with one payment');
          }
          const report = await until(
            'an empty reconciliation report',
            async () => {
              const reconciled = await api.admin('GET', '/admin/reconciliation');
              assert.equal(reconciled.status, 200);
              const body = reconciled.body as { mismatches: unknown[] };
              return body.mismatches.length === 0 ? body : null;
            },
            30_000,
            250,
          );
          assert.deepEqual(report.mismatches, []);
        }

        test('killed while the grocer creates the orders: retries with the keys complete each session with the order asked for', async () => {
          const since = Date.now();
          const completions = await killWhileHeld('/v1/orders');
          const asked = sentOrderIds(since);
          assert.equal(asked.length, completions.length, 'the grocer was asked for one order per session');
          const orderIds: string[] = [];
          for (const completion of completions) orderIds.push(await retry(completion));
          assert.deepEqual([...orderIds].sort(), [...asked].sort(), 'the orders the dead process asked for');
          await assertSettled(orderIds, since);
        });

        test('killed while the grocer records the payments: retries with the keys answer the completed sessions', async () => {
          const since = Date.now();
          const completions = await killWhileHeld(/^\/v1\/orders\/[^/]+\/payments$/);
          const orderIds: string[] = [];
          for (const completion of completions) orderIds.push(await retry(completion));
          await assertSettled(orderIds, since);
        });
      },
    );
  }
});
