/**
 * The grocer over HTTP: an implementation of `GrocerGateway` and `GrocerControl` that calls the
 * simulator's HTTP server. Error bodies come back as `CommerceError` with the same code; network
 * failures, timeouts and 5xx answers become GROCER_UNAVAILABLE after bounded retries, which are made
 * only for idempotent calls (reads, calculate, createOrder by orderId, cancelOrder, recordPayment by
 * paymentId, and the set-style controls).
 */
import {
  CommerceError,
  isErrorCode,
  type Branch,
  type CatalogVersion,
  type Product,
  type ProductImage,
} from '@grocery/core';
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

interface CallOptions {
  idempotent: boolean;
  control?: boolean;
  body?: unknown;
  /** Answer 404 NOT_FOUND with null instead of throwing. */
  nullOn404?: boolean;
  binary?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function unavailable(message: string, cause?: unknown): CommerceError {
  return new CommerceError('GROCER_UNAVAILABLE', message, { cause });
}

function items<T>(value: unknown): T[] {
  if (typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items))
    return (value as { items: T[] }).items;
  throw unavailable('The grocer answered with an unexpected body.');
}

/**
 * Creates the HTTP grocer client.
 *
 * @example
 * const grocer = createHttpGrocer({ url: 'http://127.0.0.1:4002', controlToken: process.env.GROCER_CONTROL_TOKEN });
 * const branches = await grocer.branches();
 */
export function createHttpGrocer(options: HttpGrocerOptions): HttpGrocer {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = Math.max(0, options.retries ?? 2);
  const retryDelayMs = options.retryDelayMs ?? 100;
  const doFetch = options.fetch ?? globalThis.fetch;
  let closed = false;

  async function attempt(
    method: string,
    path: string,
    call: CallOptions,
  ): Promise<{ retry: boolean; error?: CommerceError; value?: unknown }> {
    const headers: Record<string, string> = { accept: call.binary ? '*/*' : 'application/json' };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.control) {
      if (options.controlToken) headers['x-control-token'] = options.controlToken;
    } else if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return {
        retry: true,
        error: unavailable(
          timedOut ? `The grocer did not answer within ${timeoutMs} ms.` : 'The grocer cannot be reached.',
          error,
        ),
      };
    }
    if (response.status === 204) return { retry: false, value: undefined };
    if (response.ok) {
      try {
        if (call.binary)
          return {
            retry: false,
            value: {
              contentType: response.headers.get('content-type') ?? 'application/octet-stream',
              body: new Uint8Array(await response.arrayBuffer()),
            },
          };
        return { retry: false, value: await response.json() };
      } catch (error) {
        return { retry: true, error: unavailable('The grocer answered with a body that could not be read.', error) };
      }
    }
    const text = await response.text().catch(() => '');
    let problem: { code?: unknown; message?: unknown; field?: unknown; details?: unknown } | undefined;
    try {
      problem = (JSON.parse(text) as { error?: typeof problem }).error;
    } catch {
      problem = undefined;
    }
    if (response.status >= 500 || response.status === 429) {
      return {
        retry: true,
        error: unavailable(
          `The grocer failed with HTTP ${response.status}${typeof problem?.message === 'string' ? `: ${problem.message}` : ''}.`,
        ),
      };
    }
    if (call.nullOn404 && response.status === 404) return { retry: false, value: null };
    if (!problem || !isErrorCode(problem.code) || typeof problem.message !== 'string') {
      return { retry: false, error: unavailable(`The grocer refused the call with HTTP ${response.status}.`) };
    }
    // A refused API token is a configuration fault of ours: to callers the grocer is unavailable.
    if (problem.code === 'FORBIDDEN' && !call.control)
      return { retry: false, error: unavailable(`The grocer refused our credentials: ${problem.message}`) };
    return {
      retry: false,
      error: new CommerceError(problem.code, problem.message, {
        field: typeof problem.field === 'string' ? problem.field : undefined,
        details:
          typeof problem.details === 'object' && problem.details !== null
            ? (problem.details as Record<string, unknown>)
            : undefined,
      }),
    };
  }

  async function call<T>(method: string, path: string, callOptions: CallOptions): Promise<T> {
    if (closed) throw unavailable('The grocer client is closed.');
    const attempts = callOptions.idempotent ? 1 + retries : 1;
    let last: CommerceError | undefined;
    for (let i = 0; i < attempts; i++) {
      if (i > 0) await sleep(retryDelayMs * 2 ** (i - 1));
      const result = await attempt(method, path, callOptions);
      if (!result.error) return result.value as T;
      last = result.error;
      if (!result.retry) break;
    }
    throw last!;
  }

  const seg = encodeURIComponent;

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

    async close(): Promise<void> {
      closed = true;
    },
  };
}
