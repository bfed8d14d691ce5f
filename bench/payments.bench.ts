/**
 * The pay page with a hosted provider: `POST /pay/<token>` (a form post) → 303 to a Stripe Checkout
 * Session, through the official SDK against the local Stripe API double (test/support), side by
 * side with the sandbox provider's POST on the same system, interleaved so both see the same noise.
 * Each POST prices the order again with the grocer first; the Stripe one then creates the session.
 */
import { performance } from 'node:perf_hooks';
import { createLivePartner, publicWebhookSender } from '../test/support/live-partner.ts';
import { startStripeDouble } from '../test/support/stripe-double.ts';
import { startTestSystem, type TestSystem } from '../test/support/test-system.ts';
import { postGraphql, send } from './support/http-client.ts';
import { orderableCodes } from './support/priced-products.ts';
import { fmt, summarize, table, type Benchmark } from './lib.ts';

const CREATE =
  'mutation($i: OrderCreateInput) { orderCreate(input: $i) { order { paymentLink { url provider } } userErrors { code } } }';

/** Places `count` one-line orders with `partnerKey` and returns their payment links. */
async function placeOrders(t: TestSystem, partnerKey: string, clientId: string, count: number): Promise<string[]> {
  const branchCode = (await t.system.commerce.branches.list())[0]!.branchCode;
  const codes = await orderableCodes(t, branchCode);
  const { idToken } = await t.signUpShopper(undefined, clientId);
  const links: string[] = [];
  for (let i = 0; i < count; i++) {
    const input = {
      branchCode,
      lines: [0, 1, 2].map((k) => ({ cprcode: codes[(i + k) % codes.length]!, quantity: 1 })),
    };
    const created = await postGraphql<{ orderCreate: { order: { paymentLink: { url: string } } | null } }>(
      `${t.baseUrl}/graphql`,
      { 'x-partner-key': partnerKey, authorization: `Bearer ${idToken}` },
      CREATE,
      { i: input },
    );
    const url = created.data?.orderCreate.order?.paymentLink.url;
    if (!url) throw new Error(`orderCreate failed: ${JSON.stringify(created)}`);
    links.push(url);
  }
  return links;
}

const benchmark: Benchmark = async (options) => {
  const iterations = options.quick ? 40 : 200;
  const stripe = await startStripeDouble();
  const t = await startTestSystem({
    productCount: 2_000,
    webhookSender: publicWebhookSender(),
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.apiUrl,
      RATE_LIMIT_SANDBOX_PER_MIN: '1000000000',
      RATE_LIMIT_PRODUCTION_PER_MIN: '1000000000',
      RATE_LIMIT_SHOPPER_MUTATIONS_PER_MIN: '1000000000',
    },
  });
  try {
    const live = await createLivePartner(t);
    const warmup = 10;
    options.log(`payments: placing ${2 * (iterations + warmup)} orders`);
    const hosted = await placeOrders(t, live.partnerKey, live.clientId, iterations + warmup);
    const sandbox = await placeOrders(t, t.partnerKey, t.clientId, iterations + warmup);
    const form = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' };
    const samples = { stripe: [] as number[], sandbox: [] as number[] };
    const started = performance.now();
    for (let i = 0; i < iterations + warmup; i++) {
      // Interleaved: one of each in turn.
      for (const [kind, links, expected] of [
        ['stripe', hosted, 303],
        ['sandbox', sandbox, 303],
      ] as const) {
        const t0 = performance.now();
        const answer = await send(links[i]!, form);
        const ms = performance.now() - t0;
        if (answer.status !== expected)
          throw new Error(`${kind} pay answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 200)}`);
        if (i >= warmup) samples[kind].push(ms);
      }
    }
    const wallMs = performance.now() - started;
    const stripeSummary = summarize(samples.stripe, wallMs);
    const sandboxSummary = summarize(samples.sandbox, wallMs);
    if (stripe.count('POST /v1/checkout/sessions') < iterations)
      throw new Error('not every POST created a Checkout Session');
    const ratio = stripeSummary.p95 / sandboxSummary.p95;
    return [
      {
        title: 'Pay page POST → redirect to Stripe Checkout (local Stripe API double)',
        body: [
          table(
            ['Provider', 'POSTs', 'p50 ms', 'p95 ms', 'p99 ms'],
            [
              [
                'stripe (303 to the Checkout Session)',
                stripeSummary.count,
                fmt(stripeSummary.p50, 1),
                fmt(stripeSummary.p95, 1),
                fmt(stripeSummary.p99, 1),
              ],
              [
                'sandbox (paid at once, 303 back to the page)',
                sandboxSummary.count,
                fmt(sandboxSummary.p50, 1),
                fmt(sandboxSummary.p95, 1),
                fmt(sandboxSummary.p99, 1),
              ],
            ],
          ),
          '',
          `Stripe p95 / sandbox p95: ${fmt(ratio, 2)}. Both re-price the order with the in-process grocer and store a payment attempt; the Stripe POST then creates a Checkout Session through the official SDK (one HTTP call to the double on 127.0.0.1, which shares the process), the sandbox POST records the payment at the grocer. Against Stripe itself add its API latency (typically a few hundred ms).`,
        ].join('\n'),
        targets: [
          {
            name: 'pay POST → Stripe redirect p95',
            measured: `${fmt(stripeSummary.p95, 1)} ms`,
            target: '≤ 50 ms against the double',
            pass: stripeSummary.p95 <= 50,
          },
        ],
      },
    ];
  } finally {
    await t.close();
    await stripe.close();
  }
};

export default benchmark;
