/**
 * The grocer over HTTP: an implementation of `GrocerGateway` and `GrocerControl` that calls the
 * simulator's HTTP server. Error bodies come back as `CommerceError` with the same code; network
 * failures, timeouts and 5xx answers become GROCER_UNAVAILABLE after bounded retries, which are made
 * only for idempotent calls (reads, calculate, createOrder by orderId, cancelOrder, recordPayment by
 * paymentId, and the set-style controls).
 */
import { CommerceError, type Branch, type CatalogVersion, type Product, type ProductImage } from '@grocery/core';
import type {
  CalculateRequest,
  Calculation,
  CreateOrderRequest,
  GrocerControl,
  GrocerGateway,
  GrocerOrder,
  InventoryLevel,
  PriceLookup,
  RecordPaymentRequest,
} from '@grocery/core/ports';
import { createGrocerCall, items, type GrocerCall } from './http-grocer-calls.ts';

export interface HttpGrocerOptions {
  /** Base URL of the grocer server, e.g. `http://127.0.0.1:4002`. */
  url: string;
  /** Sent as `Authorization: Bearer` on gateway calls (`GROCER_API_TOKEN` of the server). */
  token?: string | undefined;
  /** Sent as `X-Control-Token` on control calls. */
  controlToken?: string | undefined;
  /** Per attempt. Default 10,000 ms. */
  timeoutMs?: number;
  /** Extra attempts for idempotent calls. Default 2. */
  retries?: number;
  /** First back-off; doubles per retry. Default 100 ms. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

/** The HTTP grocer; `close()` makes later calls fail with GROCER_UNAVAILABLE. */
export interface HttpGrocer extends GrocerGateway, GrocerControl {
  close(): Promise<void>;
}

/**
 * Creates the HTTP grocer client.
 *
 * @example
 * const grocer = createHttpGrocer({ url: 'http://127.0.0.1:4002', controlToken: process.env.GROCER_CONTROL_TOKEN });
 * const branches = await grocer.branches();
 */
export function createHttpGrocer(options: HttpGrocerOptions): HttpGrocer {
  const { call, close } = createGrocerCall({
    base: options.url.replace(/\/+$/, ''),
    token: options.token,
    controlToken: options.controlToken,
    timeoutMs: options.timeoutMs ?? 10_000,
    retries: Math.max(0, options.retries ?? 2),
    retryDelayMs: options.retryDelayMs ?? 100,
    fetch: options.fetch ?? globalThis.fetch,
  });
  return {
    ...gatewayCalls(call),
    ...controlCalls(call),
    async close(): Promise<void> {
      close();
    },
  };
}

const seg = encodeURIComponent;

/** `GrocerGateway` over HTTP: every call is idempotent, so each may be retried. */
function gatewayCalls(call: GrocerCall): GrocerGateway {
  return {
    catalogVersion: () => call<CatalogVersion>('GET', '/v1/catalog/version', { idempotent: true }),

    async *exportCatalog(exportOptions: { batchSize?: number } = {}): AsyncIterable<Product[]> {
      const limit = exportOptions.batchSize ?? 1000;
      let after: string | null = null;
      do {
        const query: string = `limit=${seg(String(limit))}${after === null ? '' : `&after=${seg(after)}`}`;
        const page: { items: Product[]; nextAfter: string | null } = await call(
          'GET',
          `/v1/catalog/products?${query}`,
          { idempotent: true },
        );
        const batch = items<Product>(page);
        if (batch.length > 0) yield batch;
        after = page.nextAfter;
      } while (after !== null);
    },

    products: async (cprcodes: readonly string[]) =>
      items<Product>(await call('POST', '/v1/products/lookup', { idempotent: true, body: { cprcodes } })),

    productImage: async (cprcode: string) => {
      if (typeof cprcode !== 'string' || !/^[0-9]{1,12}$/.test(cprcode))
        throw new CommerceError('INVALID_CPRCODE', 'cprcode must be 1 to 12 digits.', { field: 'cprcode' });
      return call<ProductImage | null>('GET', `/v1/products/${seg(cprcode)}/image`, {
        idempotent: true,
        nullOn404: true,
        binary: true,
      });
    },

    branches: async () => items<Branch>(await call('GET', '/v1/branches', { idempotent: true })),

    prices: async (branchCode: string, cprcodes: readonly string[]) =>
      items<PriceLookup>(
        await call('POST', `/v1/branches/${seg(String(branchCode))}/prices`, { idempotent: true, body: { cprcodes } }),
      ),

    stock: async (branchCode: string, cprcodes: readonly string[]) =>
      items<InventoryLevel>(
        await call('POST', `/v1/branches/${seg(String(branchCode))}/stock`, { idempotent: true, body: { cprcodes } }),
      ),

    calculate: (request: CalculateRequest) =>
      call<Calculation>('POST', '/v1/calculate', { idempotent: true, body: request }),

    createOrder: (request: CreateOrderRequest) =>
      call<GrocerOrder>('POST', '/v1/orders', { idempotent: true, body: request }),

    orders: async (orderIds: readonly string[]) =>
      items<GrocerOrder>(await call('POST', '/v1/orders/lookup', { idempotent: true, body: { orderIds } })),

    cancelOrder: async (orderId: string) =>
      (
        await call<{ order?: GrocerOrder | null }>('POST', `/v1/orders/${seg(String(orderId))}/cancel`, {
          idempotent: true,
        })
      ).order ?? null,

    recordPayment: (request: RecordPaymentRequest) => {
      const { orderId, ...payment } = request;
      return call<GrocerOrder>('POST', `/v1/orders/${seg(String(orderId))}/payments`, {
        idempotent: true,
        body: payment,
      });
    },
  };
}

/** `GrocerControl` over HTTP, with the control token; set-style controls may be retried. */
function controlCalls(call: GrocerCall): GrocerControl {
  return {
    setPrice: (input) => call<void>('PUT', '/v1/control/prices', { idempotent: true, control: true, body: input }),
    setStock: (input) => call<void>('PUT', '/v1/control/stock', { idempotent: true, control: true, body: input }),
    setProductActive: (input) =>
      call<void>('PUT', `/v1/control/products/${seg(String(input.cprcode))}/active`, {
        idempotent: true,
        control: true,
        body: { active: input.active },
      }),
    bumpCatalogVersion: () =>
      call<CatalogVersion>('POST', '/v1/control/catalog-version', { idempotent: false, control: true }),
    setFaults: (input) => call<void>('PUT', '/v1/control/faults', { idempotent: true, control: true, body: input }),
    advanceOrder: (orderId: string) =>
      call<GrocerOrder>('POST', `/v1/control/orders/${seg(String(orderId))}/advance`, {
        idempotent: false,
        control: true,
      }),
  };
}
