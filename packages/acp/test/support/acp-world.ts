import { randomUUID } from 'node:crypto';
import { createCommerce, type Environment, SandboxPaymentProvider } from '@grocery/core';
import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import type { CalculateRequest, Calculation, GrocerOrder, PaymentProvider, Store } from '@grocery/core/ports';
import {
  InMemoryCatalog,
  InMemoryGrocer,
  InMemoryStore,
  ManualClock,
  StaticIdentityVerifier,
  testBranch,
  testProduct,
} from '@grocery/core/testing';
import { createAcpHandler, type AcpHandlerOptions } from '../../src/acp-rest-handler.ts';

/** Products of the world, by what they are for. */
export const MILK = '100001';
/** Priced by its detail price at every branch (no feed entry). */
export const RICE = '100002';
export const BEER = '100003';
export const OFFLINE = '100004';
/** In the catalogue, priced, never in stock. */
export const EGGS = '100005';
export const UNKNOWN = '999999';

const PARTNER = 'ptn_a';
export const AGENT_BASE = `https://api.example/agents/${PARTNER}`;
export const AGENT_WEBHOOK = 'https://agent.example/acp/order_events';
const API_VERSION = '2026-04-17';

const products = [
  testProduct({ cprcode: MILK, nameEn: 'Fresh milk 1 l', hasImage: true }),
  testProduct({ cprcode: RICE, nameEn: 'Jasmine rice 5 kg', detailPriceSatang: 21_500 }),
  testProduct({ cprcode: BEER, nameEn: 'Lager 6 pack', alcohol: true }),
  testProduct({ cprcode: OFFLINE, nameEn: 'Gone offline', online: false, detailPriceSatang: 1_000 }),
  testProduct({ cprcode: EGGS, nameEn: 'Eggs 10 pack', detailPriceSatang: 6_500 }),
];

/** What the world's calculator does with a coupon: SAVE10 takes 10 % off every line, FREEDEL makes delivery free; the rest fail. */
const FAILED_COUPONS: Record<string, { reason: string; message: string }> = {
  OLD10: { reason: 'EXPIRED', message: 'Coupon OLD10 expired on 1 January 2026.' },
  BIG500: { reason: 'MIN_SPEND', message: 'Coupon BIG500 needs a spend of at least ฿500.' },
  ONCE: { reason: 'USAGE_LIMIT', message: 'Coupon ONCE has been used up.' },
};
export const EXPRESS_SATANG = 2_000;
export const DELIVERY_FEE_SATANG = 4_000;

const PICKUP_STEPS = [
  ['PICKING', 'PICKING'],
  ['READY', 'READY_FOR_PICKUP'],
  ['COMPLETED', 'COLLECTED'],
] as const;
const DELIVERY_STEPS = [
  ['PICKING', 'PICKING'],
  ['OUT_FOR_DELIVERY', 'OUT_FOR_DELIVERY'],
  ['COMPLETED', 'DELIVERED'],
] as const;

/**
 * The in-memory grocer with a calculator that knows coupons and express delivery, a gate a test may
 * hold the calculator at (to keep a request in flight), and picking a test moves one step at a time.
 */
export class WorldGrocer extends InMemoryGrocer {
  gate: Promise<void> | null = null;
  calculations = 0;
  createdOrders = 0;
  readonly #steps = new Map<string, number>();

  override async calculate(request: CalculateRequest): Promise<Calculation> {
    this.calculations++;
    if (this.gate) await this.gate;
    const bill = await super.calculate({ ...request, couponCodes: [] });
    const codes = [...new Set(request.couponCodes.map((code) => code.toUpperCase()))];
    const save = codes.includes('SAVE10');
    const lines = bill.lines.map((line) => ({
      ...line,
      discountedRowTotalSatang: save ? line.rowTotalSatang - Math.floor(line.rowTotalSatang / 10) : line.rowTotalSatang,
      promotions: [],
    }));
    const delivery = request.fulfilment === 'DELIVERY';
    const shippingDiscount = delivery && codes.includes('FREEDEL') ? bill.deliveryFeeSatang : 0;
    const express = delivery && request.scheduleMode === 'EXPRESS' ? EXPRESS_SATANG : 0;
    const itemDiscount = lines.reduce((sum, l) => sum + l.rowTotalSatang - l.discountedRowTotalSatang, 0);
    const applied = codes.filter((code) => code === 'SAVE10' || (code === 'FREEDEL' && delivery));
    return {
      ...bill,
      lines,
      discountedDeliveryFeeSatang: bill.deliveryFeeSatang - shippingDiscount,
      shippingDiscountSatang: shippingDiscount,
      expressShippingCostSatang: express,
      totalDiscountSatang: itemDiscount + shippingDiscount,
      grandTotalSatang: bill.subTotalSatang - itemDiscount + bill.deliveryFeeSatang - shippingDiscount + express,
      couponCodes: applied,
      failedCoupons: codes
        .filter((code) => !applied.includes(code))
        .map((code) => ({
          code,
          ...(FAILED_COUPONS[code] ??
            (code === 'FREEDEL'
              ? { reason: 'FULFILMENT', message: 'Coupon FREEDEL is for delivery orders.' }
              : { reason: 'UNKNOWN', message: `Coupon ${code} does not exist.` })),
        })),
    };
  }

  override async createOrder(request: Parameters<InMemoryGrocer['createOrder']>[0]): Promise<GrocerOrder> {
    this.createdOrders++;
    return super.createOrder(request);
  }

  override async orders(orderIds: readonly string[]): Promise<GrocerOrder[]> {
    return (await super.orders(orderIds)).map((order) => {
      const step = this.#steps.get(order.orderId);
      if (step === undefined || order.status === 'CANCELLED') return order;
      const [status, picking] = (order.shipping.fulfilmentType === 'PICKUP' ? PICKUP_STEPS : DELIVERY_STEPS)[step]!;
      const schedules = order.shipping.schedules.map((s) => ({ ...s, pickingStatus: picking }));
      return { ...order, status, shipping: { ...order.shipping, schedules } };
    });
  }

  /** Moves a paid order's picking one step (PICKING, then READY or OUT_FOR_DELIVERY, then COMPLETED). */
  advance(orderId: string): void {
    this.#steps.set(orderId, Math.min(2, (this.#steps.get(orderId) ?? -1) + 1));
  }
}

export interface AcpWorldOptions {
  environment?: Environment;
  /** A production partner that has gone live places production orders. */
  live?: boolean;
  handler?: Partial<AcpHandlerOptions>;
  /** The agent's protocols (default `['acp']`). */
  protocols?: ('ucp' | 'acp')[];
  /** Share the store and grocer of another world (a second partner, a restarted process). */
  with?: { store: Store; grocer: WorldGrocer; clock: ManualClock };
  partnerId?: string;
  /** The store to run on (a SQL store on PGlite or PostgreSQL); default a fresh in-memory one. */
  store?: Store;
  /** Production's provider of delegated payment tokens (Stripe shared payment tokens); none by default. */
  tokenProvider?: PaymentProvider;
}

/** Options of one request sent by a world. */
export interface SendInit {
  json?: unknown;
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
  /** The credential (default the world's agent); null sends none. */
  token?: string | null;
  /** `API-Version` (default 2026-04-17); null sends none. */
  version?: string | null;
  /** `Idempotency-Key` on POST (default a fresh UUID); null sends none. */
  key?: string | null;
}

export type SentResponse = HttpResponse & { json: Record<string, unknown>; headers: Record<string, string> };

/**
 * A partner's shop as an ACP merchant on the port fakes: the in-memory store, grocer and catalogue,
 * the sandbox payment provider (a second instance stands in for production's), an agent credential
 * issued for ACP with a webhook URL, shop settings with policy links, and the ACP handler under test.
 */
export async function acpWorld(options: AcpWorldOptions = {}) {
  const clock = options.with?.clock ?? new ManualClock();
  const grocer =
    options.with?.grocer ??
    new WorldGrocer({
      products,
      branches: [
        testBranch({ branchCode: 'BKK01', name: 'Sukhumvit', phone: '+66 2 111 1111' }),
        testBranch({ branchCode: 'BKK02', name: 'Silom', alcoholLicensed: false, lat: 13.73, lon: 100.53 }),
      ],
      prices: { BKK01: { [MILK]: 4_500, [BEER]: 6_000 }, BKK02: { [MILK]: 4_700, [BEER]: 6_000 } },
      stock: { BKK01: { [MILK]: 12, [RICE]: 50, [BEER]: 5 }, BKK02: { [MILK]: 3, [RICE]: 5 } },
      deliveryFeeSatang: DELIVERY_FEE_SATANG,
      clock,
    });
  const store: Store = options.with?.store ?? options.store ?? new InMemoryStore({ clock });
  const commerce = createCommerce({
    store,
    grocer,
    catalog: new InMemoryCatalog(products),
    identity: new StaticIdentityVerifier({}),
    search: null,
    publicBaseUrl: 'https://api.example',
    shopUrl: 'https://shop.example',
    clock,
    defaultBranchCode: 'BKK01',
    paymentProviders: { sandbox: new SandboxPaymentProvider(), production: new SandboxPaymentProvider() },
    tokenPaymentProviders: { production: options.tokenProvider ?? null },
    sagas: { waitForRunningMs: 50 },
    // BKK01 and BKK02 stand in central Bangkok; 10110 is theirs, 50000 (Chiang Mai) is nobody's.
    postcodes: {
      centreOf: async (postcode) =>
        ({ '10110': { lat: 13.74, lon: 100.55 }, '50000': { lat: 18.79, lon: 98.98 } })[postcode] ?? null,
    },
  });
  const partnerId = options.partnerId ?? PARTNER;
  const target = { partnerId, agentBase: `https://api.example/agents/${partnerId}` };
  const environment = options.environment ?? 'sandbox';
  await store.createPartner({ partnerId, name: 'Shop A', environment, orderSource: `SRC_${partnerId.toUpperCase()}` });
  if (options.live) await store.setPartnerLive(partnerId, new Date(clock.now()).toISOString());
  await commerce.agents.putShopSettings(partnerId, {
    shopName: 'Shop A',
    supportEmail: 'help@shop.example',
    privacyPolicyUrl: 'https://shop.example/privacy',
    termsOfServiceUrl: 'https://shop.example/terms',
  });
  const issued = await commerce.agents.issue(partnerId, {
    name: 'Agent One',
    protocols: options.protocols ?? ['acp'],
    webhookUrl: AGENT_WEBHOOK,
  });
  const handler = createAcpHandler({ commerce, ...options.handler });

  /** Sends a request to the handler, relative to the agent base, with ACP's headers unless told otherwise. */
  async function send(method: string, path: string, init: SendInit = {}): Promise<SentResponse> {
    const encode = (text: string) => new TextEncoder().encode(text);
    const body =
      init.raw !== undefined
        ? typeof init.raw === 'string'
          ? encode(init.raw)
          : init.raw
        : init.json === undefined
          ? new Uint8Array(0)
          : encode(JSON.stringify(init.json));
    const token = init.token === undefined ? issued.token : init.token;
    const version = init.version === undefined ? API_VERSION : init.version;
    const key = init.key === undefined && method === 'POST' ? randomUUID() : init.key;
    const request: HttpRequest = {
      method,
      path,
      query: new URLSearchParams(),
      headers: {
        ...(body.length ? { 'content-type': 'application/json' } : {}),
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(version === null ? {} : { 'api-version': version }),
        ...(key === null || key === undefined ? {} : { 'idempotency-key': key }),
        ...init.headers,
      },
      body,
      requestId: 'req-1',
    };
    const response = await handler(request, target);
    const text =
      typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body ?? undefined);
    return { ...response, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  return {
    clock,
    grocer,
    store,
    commerce,
    handler,
    send,
    target,
    token: issued.token,
    agent: issued.agent,
    webhookSecret: issued.webhookSecret,
  };
}

export type AcpWorld = Awaited<ReturnType<typeof acpWorld>>;

export const BUYER = {
  first_name: 'Somchai',
  last_name: 'Jaidee',
  email: 'somchai@example.com',
  phone_number: '+66812345678',
};

export const ADDRESS = {
  name: 'Somchai Jaidee',
  line_one: '99 Sukhumvit Soi 11',
  line_two: 'Flat 4B',
  city: 'Watthana',
  state: 'Bangkok',
  country: 'TH',
  postal_code: '10110',
};

/** A selection of one option for every line. */
export const select = (optionId: string, type = optionId.startsWith('pickup_') ? 'pickup' : 'local_delivery') => ({
  selected_fulfillment_options: [{ type, option_id: optionId, item_ids: [] }],
});

export const sandboxPayment = (token: string) => ({
  payment_data: {
    handler_id: 'sandbox_token',
    instrument: { type: 'token', credential: { type: 'token', token } },
  },
});
