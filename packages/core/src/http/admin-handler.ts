import { z } from 'zod';
import { CommerceError, httpStatusOf, isCommerceError } from '../errors.ts';
import { sameDigest, sha256Hex } from '../model/ids.ts';
import { isCprcode } from '../model/product.ts';
import { toSatang } from '../money.ts';
import type { GrocerControl } from '../ports/grocer-gateway.ts';
import type { Commerce } from '../services/commerce.ts';
import { requireSafeInput } from '../services/input-validation.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoints } from '../services/webhook-endpoints.ts';
import { bearerCredential } from '../identity/bearer-credential.ts';
import { errorResponse, type HttpRequest, type HttpResponse, jsonResponse } from './http-types.ts';
import { agentRoutes } from './admin-agent-routes.ts';
import { noContent, parseBody, type QueryOf, type RequestBody, route, type Route } from './admin-route.ts';

export interface AdminHandlerOptions {
  commerce: Commerce;
  /** The bearer token of the admin API. */
  adminToken: string;
  /** Grocer simulator controls, when the simulator runs. */
  grocerControl?: GrocerControl | null;
  /** Partners' webhook endpoints and deliveries (`new WebhookEndpoints({ store, sender, clock })`). */
  webhooks?: WebhookEndpoints | null;
}

const environment = z.enum(['sandbox', 'production']);
const redirectUris = z.array(z.string().max(2000)).max(20);
const cprcode = z.string().refine(isCprcode, 'not a cprcode');

const createPartnerBody: z.ZodType<RequestBody<'/admin/partners', 'post'>> = z
  .object({ name: z.string(), environment, redirectUris: redirectUris.optional(), clientId: z.string().optional() })
  .strict();
const issueKeyBody: z.ZodType<RequestBody<'/admin/partners/{partnerId}/keys', 'post'>> = z
  .object({ environment })
  .strict();
const addAppClientBody: z.ZodType<RequestBody<'/admin/partners/{partnerId}/clients', 'post'>> = z
  .object({ redirectUris, clientId: z.string().optional() })
  .strict();
const registerWebhookBody: z.ZodType<RequestBody<'/admin/partners/{partnerId}/webhooks', 'post'>> = z
  .object({
    url: z.string().max(2000),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length).optional(),
  })
  .strict();
const deliveriesQuery: z.ZodType<QueryOf<'/admin/partners/{partnerId}/deliveries', 'get'>> = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).optional(),
    before: z
      .string()
      .regex(/^dlv_[0-9a-f]{32}$/)
      .optional(),
  })
  .strict();
const grocerPriceBody: z.ZodType<RequestBody<'/admin/grocer/prices', 'post'>> = z
  .object({ branchCode: z.string(), cprcode, amount: z.number().positive().max(1_000_000).nullable() })
  .strict();
const grocerStockBody: z.ZodType<RequestBody<'/admin/grocer/stock', 'post'>> = z
  .object({ branchCode: z.string(), cprcode, qty: z.number().int().min(-100_000).max(100_000) })
  .strict();
const productActiveBody: z.ZodType<RequestBody<'/admin/grocer/products/{cprcode}', 'post'>> = z
  .object({ active: z.boolean() })
  .strict();
const grocerFaultsBody: z.ZodType<RequestBody<'/admin/grocer/faults', 'post'>> = z
  .object({
    latencyMs: z.number().int().min(0).max(60_000).optional(),
    errorRate: z.number().min(0).max(1).optional(),
    timeoutRate: z.number().min(0).max(1).optional(),
  })
  .strict();

/** Partners, their keys and app clients, branch resolution and going live: the partner service. */
function partnerRoutes(commerce: Commerce): Route[] {
  const { partners } = commerce;
  return [
    route('/admin/partners', 'post', async (_path, { body }) => {
      const created = await partners.createPartner(parseBody(createPartnerBody, body));
      const { partnerId, orderSource, environment } = created.partner;
      return {
        status: 201,
        body: { partnerId, partnerKey: created.partnerKey, clientId: created.clientId, orderSource, environment },
      };
    }),
    route('/admin/partners', 'get', async () => ({ status: 200, body: { partners: await partners.listPartners() } })),
    route('/admin/partners/{partnerId}/keys', 'post', async ({ partnerId }, { body }) => {
      const input = parseBody(issueKeyBody, body ?? {});
      const partnerKey = await partners.issueKey(partnerId, input.environment);
      return {
        status: 201,
        body: { partnerId, partnerKey, keyPrefix: partnerKey.slice(0, 12), environment: input.environment },
      };
    }),
    route('/admin/partners/{partnerId}/keys', 'get', async ({ partnerId }) => ({
      status: 200,
      body: { keys: await partners.listKeys(partnerId) },
    })),
    route('/admin/keys/{keyPrefix}', 'delete', async ({ keyPrefix }) => {
      await partners.revokeKey(keyPrefix);
      return noContent;
    }),
    route('/admin/partners/{partnerId}/clients', 'post', async ({ partnerId }, { body }) => {
      const client = await partners.addAppClient(partnerId, parseBody(addAppClientBody, body));
      return { status: 201, body: { clientId: client.clientId, redirectUris: client.redirectUris } };
    }),
    route('/admin/partners/{partnerId}/branch-resolution', 'post', async ({ partnerId }) => ({
      status: 200,
      body: await partners.confirmBranchResolution(partnerId),
    })),
  ];
}

/** Partners' webhook endpoints and their deliveries. */
function webhookRoutes(requireWebhooks: () => WebhookEndpoints): Route[] {
  return [
    route('/admin/partners/{partnerId}/webhooks', 'post', async ({ partnerId }, { body }) => {
      const { endpoint, secret } = await requireWebhooks().register(partnerId, parseBody(registerWebhookBody, body));
      const { endpointId, url, eventTypes: events, status, createdAt } = endpoint;
      return { status: 201, body: { endpointId, secret, url, events, status, createdAt } };
    }),
    route('/admin/partners/{partnerId}/webhooks', 'get', async ({ partnerId }) => ({
      status: 200,
      body: { endpoints: await requireWebhooks().list(partnerId) },
    })),
    route('/admin/webhooks/{endpointId}', 'delete', async ({ endpointId }) => {
      await requireWebhooks().disable(endpointId);
      return noContent;
    }),
    route('/admin/webhooks/{endpointId}/rotate-secret', 'post', async ({ endpointId }) => {
      const { secret, previousSecretExpiresAt } = await requireWebhooks().rotateSecret(endpointId);
      return { status: 200, body: { endpointId, secret, previousSecretExpiresAt } };
    }),
    route('/admin/partners/{partnerId}/deliveries', 'get', async ({ partnerId }, { query }) => {
      const page = parseBody(deliveriesQuery, Object.fromEntries(query));
      const deliveries = await requireWebhooks().deliveries(partnerId, page);
      // A full page may have more behind it; a short one is the last.
      return {
        status: 200,
        body: {
          deliveries,
          nextBefore: deliveries.length === (page.limit ?? 50) ? deliveries.at(-1)!.deliveryId : null,
        },
      };
    }),
    route('/admin/deliveries/{deliveryId}/redeliver', 'post', async ({ deliveryId }) => {
      const delivery = await requireWebhooks().redeliver(deliveryId);
      // A delivery made by redeliver always repeats one (the one named in the path); the record's type allows null for first deliveries.
      return {
        status: 202,
        body: {
          deliveryId: delivery.deliveryId,
          redeliveryOf: delivery.redeliveryOf ?? deliveryId,
          eventId: delivery.eventId,
          endpointId: delivery.endpointId,
          status: delivery.status,
        },
      };
    }),
  ];
}

/** Reconciliation and the go-live check. */
function operationsRoutes(commerce: Commerce): Route[] {
  return [
    route('/admin/reconciliation', 'get', async () => ({ status: 200, body: await commerce.reconciliation.run() })),
    route('/admin/partners/{partnerId}/go-live', 'get', async ({ partnerId }) => ({
      status: 200,
      body: await commerce.partners.goLiveReport(partnerId),
    })),
    route('/admin/partners/{partnerId}/go-live', 'post', async ({ partnerId }) => {
      try {
        return { status: 200, body: await commerce.partners.goLive(partnerId) };
      } catch (error) {
        // Not ready: the answer is the check itself, saying what is missing.
        if (isCommerceError(error) && error.code === 'GO_LIVE_NOT_READY')
          return { status: 409, body: await commerce.partners.goLiveReport(partnerId) };
        throw error;
      }
    }),
  ];
}

/** Controls of the grocer simulator, while it runs. */
function grocerRoutes(requireControl: () => GrocerControl): Route[] {
  return [
    route('/admin/grocer/prices', 'post', async (_path, { body }) => {
      const input = parseBody(grocerPriceBody, body);
      await requireControl().setPrice({
        branchCode: input.branchCode,
        cprcode: input.cprcode,
        amountSatang: input.amount === null ? null : toSatang(input.amount),
      });
      return noContent;
    }),
    route('/admin/grocer/stock', 'post', async (_path, { body }) => {
      await requireControl().setStock(parseBody(grocerStockBody, body));
      return noContent;
    }),
    route('/admin/grocer/products/{cprcode}', 'post', async ({ cprcode }, { body }) => {
      await requireControl().setProductActive({ cprcode, active: parseBody(productActiveBody, body).active });
      return noContent;
    }),
    route('/admin/grocer/catalog/bump', 'post', async () => ({
      status: 200,
      body: await requireControl().bumpCatalogVersion(),
    })),
    route('/admin/grocer/faults', 'post', async (_path, { body }) => {
      await requireControl().setFaults(parseBody(grocerFaultsBody, body));
      return noContent;
    }),
    route('/admin/grocer/orders/{orderId}/advance', 'post', async ({ orderId }) => {
      const order = await requireControl().advanceOrder(orderId);
      return {
        status: 200,
        body: {
          orderId: order.orderId,
          status: order.status,
          pickingStatus: order.shipping.schedules[0]?.pickingStatus ?? null,
        },
      };
    }),
  ];
}

/**
 * The admin API under `/admin/` (DESIGN.md §4; openapi/admin.yaml): partners, keys, app clients,
 * go-live facts, reconciliation and, while the simulator runs, grocer controls. `Authorization: Bearer <ADMIN_TOKEN>`.
 *
 * @example
 * const admin = createAdminHandler({ commerce, adminToken: config.adminToken, webhooks: new WebhookEndpoints({ store, sender, clock }) });
 * const response = await admin({ method: 'GET', path: '/admin/partners', query: new URLSearchParams(), headers: { authorization: `Bearer ${token}` }, body: new Uint8Array() });
 */
export function createAdminHandler(options: AdminHandlerOptions): (request: HttpRequest) => Promise<HttpResponse> {
  const tokenDigest = sha256Hex(options.adminToken);
  const requireControl = (): GrocerControl => {
    if (!options.grocerControl)
      throw new CommerceError('NOT_FOUND', 'The grocer simulator is not running, so it cannot be controlled.');
    return options.grocerControl;
  };
  const requireWebhooks = (): WebhookEndpoints => {
    if (!options.webhooks) throw new CommerceError('NOT_FOUND', 'Webhooks are not configured on this server.');
    return options.webhooks;
  };
  // Order matters: a 405 lists the methods of a path in this order.
  const routes = [
    ...partnerRoutes(options.commerce),
    ...webhookRoutes(requireWebhooks),
    ...operationsRoutes(options.commerce),
    ...grocerRoutes(requireControl),
    ...agentRoutes(options.commerce),
  ];

  return async (request) => {
    if (!isAdmin(request, tokenDigest)) {
      return errorResponse(
        401,
        'ADMIN_TOKEN_INVALID',
        'Send the admin token as Authorization: Bearer <ADMIN_TOKEN>.',
        {},
        { 'www-authenticate': 'Bearer realm="admin"' },
      );
    }
    const matched = matchRoute(routes, request);
    if ('status' in matched) return matched;
    const body = readJsonBody(request);
    if (body === INVALID_JSON) return errorResponse(400, 'INVALID_INPUT', 'The body is not JSON.');
    try {
      // Every text of the body and the query is checked before a route does anything with it.
      requireSafeInput(body);
      requireSafeInput(Object.fromEntries(request.query), 'query');
      const answer = await matched.route.run(matched.params, { body, query: request.query });
      return answer.body === null
        ? { status: answer.status, headers: {}, body: null }
        : jsonResponse(answer.status, answer.body);
    } catch (error) {
      if (!isCommerceError(error) || error.code === 'INTERNAL') throw error;
      return errorResponse(
        httpStatusOf(error.code),
        error.code,
        error.message,
        error.field ? { field: error.field } : {},
      );
    }
  };
}

/** Whether the request carries the admin token (compared as digests, so in constant time). */
function isAdmin(request: HttpRequest, tokenDigest: string): boolean {
  const given = bearerCredential(request.headers.authorization);
  return given !== null && sameDigest(sha256Hex(given), tokenDigest);
}

/** The route of the request's path and method with its path parameters, or the 404 or 405 answer. */
function matchRoute(
  routes: readonly Route[],
  request: HttpRequest,
): { route: Route; params: Record<string, string> } | HttpResponse {
  const candidates = routes.filter((r) => r.pattern.test(request.path));
  const found = candidates.find((r) => r.method === request.method);
  if (found) return { route: found, params: { ...found.pattern.exec(request.path)!.groups } };
  if (candidates.length === 0) return errorResponse(404, 'NOT_FOUND', 'No such admin route.');
  const methods = candidates.map((r) => r.method);
  return errorResponse(405, 'METHOD_NOT_ALLOWED', `Use ${methods.join(' or ')}.`, {}, { allow: methods.join(', ') });
}

const INVALID_JSON = Symbol('invalid JSON');

/** The request's JSON body (null when empty), or INVALID_JSON when it is not UTF-8 JSON. */
function readJsonBody(request: HttpRequest): unknown {
  if (request.body.length === 0) return null;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(request.body)) as unknown;
  } catch {
    return INVALID_JSON;
  }
}
