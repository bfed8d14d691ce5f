// The grocer HTTP API's routes below /v1 (the table in grocer-handler.ts), each calling one method of the simulator.
import { CommerceError } from '@grocery/core';
import { jsonResponse, type HttpRequest, type HttpResponse } from '@grocery/core/http';
import type { GrocerSimulator } from './simulator-contract.ts';
import {
  calculateBodySchema,
  catalogPageQuerySchema,
  cprcodesBodySchema,
  createOrderBodySchema,
  emptyQuerySchema,
  faultsBodySchema,
  orderIdsBodySchema,
  parseWith,
  paymentBodySchema,
  setActiveBodySchema,
  setPriceBodySchema,
  setStockBodySchema,
} from './wire-schemas.ts';

/** The path parameters that a route's `*` segments matched, decoded. */
export type Params = string[];

/** One route below /v1. */
export interface Route {
  method: 'GET' | 'POST' | 'PUT';
  /** Path below /v1 with `*` for one path parameter. */
  pattern: string;
  /** Guarded by the control token instead of the API token. */
  control?: boolean;
  handle(request: HttpRequest, params: Params): Promise<HttpResponse>;
}

function readJson(request: HttpRequest): unknown {
  const text = new TextDecoder().decode(request.body);
  if (text.trim() === '') throw new CommerceError('INVALID_INPUT', 'The request needs a JSON body.');
  try {
    return JSON.parse(text);
  } catch {
    throw new CommerceError('INVALID_INPUT', 'The body is not valid JSON.');
  }
}

function query(request: HttpRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of request.query) {
    if (key in out)
      throw new CommerceError('INVALID_INPUT', `Query parameter ${key.slice(0, 40)} is given more than once.`, {
        field: key.slice(0, 40),
      });
    out[key] = value;
  }
  return out;
}

const noContent = (): HttpResponse => ({ status: 204, headers: {}, body: null });

/** The gateway's reads: catalog version and pages, products and their images, branches with prices and stock, the calculator. */
export function catalogRoutes(grocer: GrocerSimulator): Route[] {
  return [
    {
      method: 'GET',
      pattern: 'catalog/version',
      handle: async (r) => (
        parseWith(emptyQuerySchema, query(r), 'query'),
        jsonResponse(200, await grocer.catalogVersion())
      ),
    },
    {
      method: 'GET',
      pattern: 'catalog/products',
      handle: async (r) => {
        const q = parseWith(catalogPageQuerySchema, query(r), 'query');
        return jsonResponse(200, await grocer.catalogPage(q.after ?? null, q.limit));
      },
    },
    {
      method: 'POST',
      pattern: 'products/lookup',
      handle: async (r) =>
        jsonResponse(200, { items: await grocer.products(parseWith(cprcodesBodySchema, readJson(r)).cprcodes) }),
    },
    {
      method: 'GET',
      pattern: 'products/*/image',
      handle: async (_r, [cprcode]) => {
        const image = await grocer.productImage(cprcode!);
        if (!image) throw new CommerceError('NOT_FOUND', 'The product has no image.', { field: 'cprcode' });
        return {
          status: 200,
          headers: { 'content-type': image.contentType, 'cache-control': 'public, max-age=86400' },
          body: image.body,
        };
      },
    },
    {
      method: 'GET',
      pattern: 'branches',
      handle: async (r) => (
        parseWith(emptyQuerySchema, query(r), 'query'),
        jsonResponse(200, { items: await grocer.branches() })
      ),
    },
    {
      method: 'POST',
      pattern: 'branches/*/prices',
      handle: async (r, [code]) =>
        jsonResponse(200, { items: await grocer.prices(code!, parseWith(cprcodesBodySchema, readJson(r)).cprcodes) }),
    },
    {
      method: 'POST',
      pattern: 'branches/*/stock',
      handle: async (r, [code]) =>
        jsonResponse(200, { items: await grocer.stock(code!, parseWith(cprcodesBodySchema, readJson(r)).cprcodes) }),
    },
    {
      method: 'POST',
      pattern: 'calculate',
      handle: async (r) => jsonResponse(200, await grocer.calculate(parseWith(calculateBodySchema, readJson(r)))),
    },
  ];
}

/** The gateway's orders: create, look up, cancel, record a payment. */
export function orderRoutes(grocer: GrocerSimulator): Route[] {
  return [
    {
      method: 'POST',
      pattern: 'orders',
      handle: async (r) => jsonResponse(200, await grocer.createOrder(parseWith(createOrderBodySchema, readJson(r)))),
    },
    {
      method: 'POST',
      pattern: 'orders/lookup',
      handle: async (r) =>
        jsonResponse(200, { items: await grocer.orders(parseWith(orderIdsBodySchema, readJson(r)).orderIds) }),
    },
    {
      method: 'POST',
      pattern: 'orders/*/cancel',
      handle: async (_r, [orderId]) => jsonResponse(200, { order: await grocer.cancelOrder(orderId!) }),
    },
    {
      method: 'POST',
      pattern: 'orders/*/payments',
      handle: async (r, [orderId]) =>
        jsonResponse(
          200,
          await grocer.recordPayment({ orderId: orderId!, ...parseWith(paymentBodySchema, readJson(r)) }),
        ),
    },
  ];
}

/** `GrocerControl` over HTTP: each route needs the control token, and exists only when one is set. */
export function controlRoutes(grocer: GrocerSimulator): Route[] {
  return [
    {
      method: 'PUT',
      pattern: 'control/prices',
      control: true,
      handle: async (r) => (await grocer.setPrice(parseWith(setPriceBodySchema, readJson(r))), noContent()),
    },
    {
      method: 'PUT',
      pattern: 'control/stock',
      control: true,
      handle: async (r) => (await grocer.setStock(parseWith(setStockBodySchema, readJson(r))), noContent()),
    },
    {
      method: 'PUT',
      pattern: 'control/products/*/active',
      control: true,
      handle: async (r, [cprcode]) => (
        await grocer.setProductActive({
          cprcode: cprcode!,
          active: parseWith(setActiveBodySchema, readJson(r)).active,
        }),
        noContent()
      ),
    },
    {
      method: 'POST',
      pattern: 'control/catalog-version',
      control: true,
      handle: async () => jsonResponse(200, await grocer.bumpCatalogVersion()),
    },
    {
      method: 'PUT',
      pattern: 'control/faults',
      control: true,
      handle: async (r) => {
        const body = parseWith(faultsBodySchema, readJson(r));
        await grocer.setFaults(Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)));
        return noContent();
      },
    },
    {
      method: 'POST',
      pattern: 'control/orders/*/advance',
      control: true,
      handle: async (_r, [orderId]) => jsonResponse(200, await grocer.advanceOrder(orderId!)),
    },
  ];
}
