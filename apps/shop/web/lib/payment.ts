import { graphql, payloadOrThrow } from './graphql-client.ts';
import type { Lang } from './i18n.ts';
import { ShopPaymentStartDocument } from '../generated/operations.ts';
import { shopConfig } from './shop-config.ts';

/** What happened when the shopper asked to pay. */
export type PaymentOutcome =
  | { kind: 'redirecting' }
  | { kind: 'payable' }
  | { kind: 'already-paid' }
  | { kind: 'price-changed'; was: number; now: number | null; currency: string }
  | { kind: 'expired' };

/** The payment page's JSON (`GET /pay/<token>/checkout.json`): the fields the shop reads. */
interface CheckoutState {
  state: 'payable' | 'paid' | 'expired' | 'price_changed';
  grandTotal: number;
  repricedGrandTotal: number | null;
  currency: string;
}

/** The payment page sends the shopper back here, adding `orderId`. */
function paymentCallbackUrl(): string {
  return `${shopConfig().shopUrl}/order?from=pay`;
}

/**
 * Gets a payment link for the order (`paymentStart`), checks on the link's own JSON that the order
 * can still be paid at its price, and sends the browser to the payment page.
 */
export async function startPayment(
  orderId: string,
  lang: Lang,
  options: { checkOnly?: boolean } = {},
): Promise<PaymentOutcome> {
  const { paymentStart } = await graphql(
    ShopPaymentStartDocument,
    { input: { orderId, callbackUrl: paymentCallbackUrl() } },
    { auth: true },
  );
  const payment = payloadOrThrow(paymentStart).payment;
  if (!payment || !payment.available || !payment.redirectUrl) return { kind: 'already-paid' };

  const link = new URL(payment.redirectUrl);
  const json = new URL(link);
  json.pathname = `${link.pathname.replace(/\/+$/, '')}/checkout.json`;
  const response = await fetch(json, { headers: { accept: 'application/json' }, referrerPolicy: 'no-referrer' }).catch(
    () => null,
  );
  const checkout = response?.ok ? ((await response.json()) as CheckoutState) : null;
  if (checkout?.state === 'price_changed')
    return {
      kind: 'price-changed',
      was: checkout.grandTotal,
      now: checkout.repricedGrandTotal,
      currency: checkout.currency,
    };
  if (checkout?.state === 'paid') return { kind: 'already-paid' };
  if (checkout?.state === 'expired') return { kind: 'expired' };
  if (options.checkOnly) return { kind: 'payable' };

  link.searchParams.set('lang', lang);
  window.location.assign(link.toString());
  return { kind: 'redirecting' };
}
