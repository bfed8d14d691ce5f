import { type Commerce, createCommerce, type Environment, SandboxPaymentProvider } from '@grocery/core';
import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import type { CalculateRequest, Calculation, GrocerControl, GrocerOrder } from '@grocery/core/ports';
import {
  InMemoryCatalog,
  InMemoryGrocer,
  InMemoryStore,
  ManualClock,
  StaticIdentityVerifier,
  testBranch,
  testProduct,
} from '@grocery/core/testing';
import { createUcpHandler, type UcpHandlerOptions } from '../../src/ucp-rest-handler.ts';

/** Products of the world, by what they are for. */
export const MILK = '100001';
/** Priced by its detail price at every branch (no feed entry). */
export const RICE = '100002';
export const BEER = '100003';
export const OFFLINE = '100004';
export const UNKNOWN = '999999';

export const PARTNER = 'ptn_a';
export const AGENT_BASE = `https://api.example/agents/${PARTNER}`;
export const TARGET = { partnerId: PARTNER, agentBase: AGENT_BASE };

const products = [
  testProduct({ cprcode: MILK, nameEn: 'Fresh milk 1 l', hasImage: true }),
  testProduct({ cprcode: RICE, nameEn: 'Jasmine rice 5 kg', detailPriceSatang: 21_500 }),
  testProduct({ cprcode: BEER, nameEn: 'Lager 6 pack', alcohol: true }),
  testProduct({ cprcode: OFFLINE, nameEn: 'Gone offline', online: false, detailPriceSatang: 1_000 }),
];

const NEXT_STATUS: Readonly<Record<string, string>> = { PLACED: 'PICKING', PICKING: 'SHIPPED' };

/**
 * The in-memory grocer, which a test may hold at the calculator (to keep a request in flight) and
 * whose orders it may move along their picking, as the simulator's control does.
 */
class GatedGrocer extends InMemoryGrocer {
  gate: Promise<void> | null = null;
  calculations = 0;
  readonly #statuses = new Map<string, string>();

  override async calculate(request: CalculateRequest): Promise<Calculation> {
    this.calculations++;
    if (this.gate) await this.gate;
    return super.calculate(request);
  }

  override async orders(orderIds: readonly string[]): Promise<GrocerOrder[]> {
    return (await super.orders(orderIds)).map((order) => {
      const status = this.#statuses.get(order.orderId);
      if (!status) return order;
      const shipped = order.shipping.fulfilmentType === 'PICKUP' ? 'READY' : 'OUT_FOR_DELIVERY';
      return { ...order, status: status === 'SHIPPED' ? shipped : status };
    });
  }

  /** The one move of GrocerControl the sandbox's simulate-shipping hook uses. */
  readonly control = {
    advanceOrder: async (orderId: string): Promise<GrocerOrder> => {
      const [order] = await this.orders([orderId]);
      if (!order) throw new Error(`no order ${orderId}`);
      this.#statuses.set(orderId, NEXT_STATUS[this.#statuses.get(orderId) ?? order.status] ?? 'SHIPPED');
      return (await this.orders([orderId]))[0]!;
    },
  } as unknown as GrocerControl;
}

export interface UcpWorldOptions {
  environment?: Environment;
  /** A production partner that has gone live places production orders. */
  live?: boolean;
  /** Options of the handler under test, or a function of the world's commerce that gives them. */
  handler?: Partial<UcpHandlerOptions> | ((commerce: Commerce) => Partial<UcpHandlerOptions>);
  /** Serves the sandbox's simulate-shipping hook with this `Simulation-Secret`. */
  simulationSecret?: string;
}

/**
 * A partner's shop as a UCP business on the port fakes: the in-memory store, grocer and catalog,
 * the sandbox payment provider (a second instance stands in for production's), an agent credential
 * issued for UCP, shop settings with policy links, and the UCP handler under test.
 */
export async function ucpWorld(options: UcpWorldOptions = {}) {
  const clock = new ManualClock();
  const grocer = new GatedGrocer({
    products,
    branches: [
      testBranch({ branchCode: 'BKK01', name: 'Sukhumvit' }),
      testBranch({ branchCode: 'BKK02', alcoholLicensed: false }),
    ],
    prices: { BKK01: { [MILK]: 4_500, [BEER]: 6_000 }, BKK02: { [MILK]: 4_700, [BEER]: 6_000 } },
    stock: { BKK01: { [MILK]: 12, [RICE]: 50 }, BKK02: { [BEER]: 5 } },
    clock,
  });
  const store = new InMemoryStore({ clock });
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
    sagas: { waitForRunningMs: 50 },
    // BKK01 and BKK02 stand in central Bangkok; 10110 is theirs, 50000 (Chiang Mai) is nobody's.
    postcodes: {
      centreOf: async (postcode) =>
        ({ '10110': { lat: 13.74, lon: 100.55 }, '50000': { lat: 18.79, lon: 98.98 } })[postcode] ?? null,
    },
  });
  const environment = options.environment ?? 'sandbox';
  await store.createPartner({ partnerId: PARTNER, name: 'Shop A', environment, orderSource: 'SRC_A' });
  if (options.live) await store.setPartnerLive(PARTNER, new Date(clock.now()).toISOString());
  await commerce.agents.putShopSettings(PARTNER, {
    shopName: 'Shop A',
    privacyPolicyUrl: 'https://shop.example/privacy',
    termsOfServiceUrl: 'https://shop.example/terms',
  });
  const { token, agent } = await commerce.agents.issue(PARTNER, { name: 'Agent One', protocols: ['ucp'] });
  const testing = options.simulationSecret
    ? { control: grocer.control, simulationSecret: options.simulationSecret }
    : undefined;
  const extra = typeof options.handler === 'function' ? options.handler(commerce) : options.handler;
  const handler = createUcpHandler({ commerce, testing, ...extra });

  /** Sends a request to the handler, relative to the agent base, with the agent's credential unless told otherwise. */
  async function send(
    method: string,
    path: string,
    init: { json?: unknown; raw?: string | Uint8Array; headers?: Record<string, string | undefined>; token?: string | null } = {},
  ): Promise<HttpResponse & { json: Record<string, unknown> }> {
    const body =
      init.raw !== undefined
        ? typeof init.raw === 'string'
          ? new TextEncoder().encode(init.raw)
          : init.raw
        : init.json === undefined
          ? new Uint8Array(0)
          : new TextEncoder().encode(JSON.stringify(init.json));
    const credential = init.token === undefined ? token : init.token;
    const request: HttpRequest = {
      method,
      path,
      query: new URLSearchParams(),
      headers: {
        ...(body.length ? { 'content-type': 'application/json' } : {}),
        ...(credential === null ? {} : { authorization: `Bearer ${credential}` }),
        'ucp-agent': 'profile="https://platform.example/.well-known/ucp"',
        ...init.headers,
      },
      body,
      requestId: 'req-1',
    };
    const response = await handler(request, TARGET);
    const text =
      typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body ?? undefined);
    return { ...response, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  return { clock, grocer, store, commerce, handler, send, token, agent };
}

export const BUYER = {
  first_name: 'Somchai',
  last_name: 'Jaidee',
  email: 'somchai@example.com',
  phone_number: '+66812345678',
};

export const SHIPPING_ADDRESS = {
  street_address: '99 Sukhumvit Soi 11',
  address_locality: 'Watthana',
  address_region: 'Bangkok',
  postal_code: '10110',
  address_country: 'TH',
};

export const pickupAt = (branch: string) => ({ methods: [{ type: 'pickup', selected_destination_id: branch }] });

export const mockInstrument = (token: string) => ({
  payment: {
    instruments: [
      {
        id: 'instr_1',
        handler_id: 'mock_payment_handler',
        type: 'card',
        selected: true,
        credential: { type: 'token', token },
      },
    ],
  },
});
