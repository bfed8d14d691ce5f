import { performance } from 'node:perf_hooks';
import type { TestSystem } from '../../test/support/test-system.ts';
import { postGraphql, send } from './http-client.ts';

const QUOTE = 'mutation($i: QuoteInput!) { quote(input: $i) { quote { grandTotal } userErrors { code } } }';
const CREATE =
  'mutation($i: OrderCreateInput) { orderCreate(input: $i) { order { orderId grandTotal paymentLink { url } } userErrors { code } } }';

/** The milliseconds of each step of one checkout, and of the whole path. */
export interface CheckoutTimings {
  quote: number;
  order: number;
  pay: number;
  path: number;
}

/**
 * One shopper's checkout through the public API: quote → orderCreate → pay (POST /pay/<token>,
 * which prices the order again with the grocer first). Throws when a step does not succeed.
 */
export async function graphqlCheckout(
  t: TestSystem,
  token: string,
  input: Record<string, unknown>,
): Promise<CheckoutTimings> {
  const url = `${t.baseUrl}/graphql`;
  const headers = { 'x-partner-key': t.partnerKey, authorization: `Bearer ${token}` };
  const start = performance.now();
  const quote = await postGraphql<{ quote: { quote: { grandTotal: number } | null } }>(url, headers, QUOTE, {
    i: input,
  });
  const quoted = performance.now();
  const created = await postGraphql<{
    orderCreate: { order: { grandTotal: number; paymentLink: { url: string } } | null };
  }>(url, headers, CREATE, { i: input });
  const ordered = performance.now();
  const order = created.data?.orderCreate.order;
  if (!order || order.grandTotal !== quote.data?.quote.quote?.grandTotal)
    throw new Error(`checkout failed: ${JSON.stringify(created)}`);
  const paid = await send(order.paymentLink.url, { method: 'POST', headers: { accept: 'application/json' } });
  if (paid.status !== 200) throw new Error(`payment failed: ${paid.status}`);
  const done = performance.now();
  return { quote: quoted - start, order: ordered - quoted, pay: done - ordered, path: done - start };
}
