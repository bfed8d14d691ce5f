import { CommerceError } from '../errors.ts';
import type { IssuedPaymentLink, OrderRecord, PaymentLinkRecord } from '../model/checkout.ts';
import { newId, newSecretToken, sameDigest, SECRET_TOKEN_PATTERN, sha256Hex } from '../model/ids.ts';
import { LIMITS } from '../model/limits.ts';
import type { Environment } from '../model/partner.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/store.ts';

export interface PaymentLinksOptions {
  store: Store;
  clock: Clock;
  /** Host of the payment-link pages ({shop_url}). */
  shopUrl: string;
  /** Provider name for the order's environment. */
  providerFor: (order: OrderRecord) => string;
}

/** Sandbox orders (every order of a partner before go-live) are paid with the sandbox provider, whatever the key. */
export function paymentEnvironment(order: OrderRecord): Environment {
  return order.grocerOrder.sandbox ? 'sandbox' : 'production';
}

/**
 * Payment links: bearer credentials for paying exactly one order, valid 24 hours. The token is
 * 32 random bytes; only its SHA-256 is stored, so a link is shown once, when it is issued.
 */
export class PaymentLinks {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #shopUrl: string;
  readonly #providerFor: (order: OrderRecord) => string;

  constructor(options: PaymentLinksOptions) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#shopUrl = options.shopUrl.replace(/\/$/, '');
    this.#providerFor = options.providerFor;
  }

  /** A new link for the order (not stored yet: `insert` it, or store it with the order). */
  prepare(
    order: OrderRecord,
    callbackUrl: string | null = null,
  ): { record: PaymentLinkRecord; model: IssuedPaymentLink } {
    const token = newSecretToken();
    const now = this.#clock.now();
    const expiresAtMs = now + LIMITS.paymentLinkTtlSeconds * 1000;
    const record: PaymentLinkRecord = {
      linkId: newId('lnk'),
      tokenHash: sha256Hex(token),
      orderId: order.orderId,
      partnerId: order.partnerId,
      amountSatang: order.grandTotalSatang,
      currency: order.currency,
      provider: this.#providerFor(order),
      callbackUrl,
      expiresAt: new Date(expiresAtMs).toISOString(),
      createdAt: new Date(now).toISOString(),
    };
    return { record, model: this.toModel(record, token) };
  }

  async issue(order: OrderRecord, callbackUrl: string | null = null): Promise<IssuedPaymentLink> {
    const { record, model } = this.prepare(order, callbackUrl);
    await this.#store.insertPaymentLink(record);
    return model;
  }

  /** The payment page of a token ({shop_url}/pay/<token>). */
  pageUrl(token: string): string {
    return `${this.#shopUrl}/pay/${token}`;
  }

  toModel(record: PaymentLinkRecord, token: string): IssuedPaymentLink {
    return {
      url: this.pageUrl(token),
      expiresAt: Math.floor(Date.parse(record.expiresAt) / 1000),
      amountSatang: record.amountSatang,
      currency: record.currency,
      provider: record.provider,
    };
  }

  /**
   * The link and order behind a token. `PAYMENT_LINK_INVALID` for malformed, unknown or tampered
   * tokens; `PAYMENT_LINK_EXPIRED` after 24 hours. The total check happens at payment.
   */
  async resolve(token: string): Promise<{ link: PaymentLinkRecord; order: OrderRecord; expired: boolean }> {
    if (!SECRET_TOKEN_PATTERN.test(token)) throw invalidLink();
    const hash = sha256Hex(token);
    const found = await this.#store.findPaymentLinkByHash(hash);
    if (!found || !sameDigest(hash, found.link.tokenHash)) throw invalidLink();
    return { ...found, expired: Date.parse(found.link.expiresAt) <= this.#clock.now() };
  }
}

function invalidLink(): CommerceError {
  return new CommerceError('PAYMENT_LINK_INVALID', 'This payment link is not valid. Ask the shop for a new one.');
}
