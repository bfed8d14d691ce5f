import { z } from 'zod';
import { CommerceError, httpStatusOf, isCommerceError } from '../errors.ts';
import { sameDigest, sha256Hex } from '../model/ids.ts';
import { isCprcode } from '../model/product.ts';
import { toSatang } from '../money.ts';
import type { GrocerControl } from '../ports/grocer-gateway.ts';
import type { Commerce } from '../services/commerce.ts';
import { requireSafeInput } from '../services/input-validation.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoints } from '../services/webhook-endpoints.ts';
import { bearerCredential, errorResponse, type HttpRequest, type HttpResponse, jsonResponse } from './http-types.ts';

export interface AdminHandlerOptions {
  commerce: Commerce;
  /** The bearer token of the admin API. */
  adminToken: string;
  /** Grocer simulator controls, when the simulator runs. */
  grocerControl?: GrocerControl | null;
  /** Partners' webhook endpoints and deliveries (`createEventRuntime(...).endpoints`). */
  webhooks?: WebhookEndpoints | null;
}

type Route = { method: string; pattern: RegExp; run: (match: string[], body: unknown, request: HttpRequest) => Promise<HttpResponse> };

const environment = z.enum(['sandbox', 'production']);
const redirectUris = z.array(z.string().max(2000)).max(20);

/** Parses a JSON body with a schema; a bad body is `INVALID_INPUT` naming the first bad field. */
function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new CommerceError('INVALID_INPUT', issue.message, { field: issue.path.join('.') || undefined });
}

const noContent = (): HttpResponse => ({ status: 204, headers: {}, body: null });

/**
 * The admin API under `/admin/` (DESIGN.md §4; openapi/admin.yaml): partners, keys, app clients,
 * go-live facts, reconciliation and, while the simulator runs, grocer controls. `Authorization: Bearer <ADMIN_TOKEN>`.
 */
export function createAdminHandler(options: AdminHandlerOptions): (request: HttpRequest) => Promise<HttpResponse> {
  const { commerce } = options;
  const tokenDigest = sha256Hex(options.adminToken);
  const control = options.grocerControl ?? null;
  const requireControl = (): GrocerControl => {
    if (!control) throw new CommerceError('NOT_FOUND', 'The grocer simulator is not running, so it cannot be controlled.');
    return control;
  };
  const requireWebhooks = (): WebhookEndpoints => {
    if (!options.webhooks) throw new CommerceError('NOT_FOUND', 'Webhooks are not configured on this server.');
    return options.webhooks;
  };

  const routes: Route[] = [
    {
      method: 'POST',
      pattern: /^\/admin\/partners$/,
      run: async (_m, body) => {
        const input = parseBody(z.object({ name: z.string(), environment, redirectUris: redirectUris.optional(), clientId: z.string().optional() }).strict(), body);
        const created = await commerce.partners.createPartner(input);
        return jsonResponse(201, {
          partnerId: created.partner.partnerId,
          partnerKey: created.partnerKey,
          clientId: created.clientId,
          orderSource: created.partner.orderSource,
          environment: created.partner.environment,
        });
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/partners$/,
      run: async () => jsonResponse(200, { partners: await commerce.store.listPartners() }),
    },
    {
      method: 'POST',
      pattern: /^\/admin\/partners\/([A-Za-z0-9_]{1,64})\/keys$/,
      run: async ([, partnerId], body) => {
        const input = parseBody(z.object({ environment }).strict(), body ?? {});
        const partnerKey = await commerce.partners.issueKey(partnerId!, input.environment);
        return jsonResponse(201, { partnerId, partnerKey, keyPrefix: partnerKey.slice(0, 12), environment: input.environment });
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/partners\/([A-Za-z0-9_]{1,64})\/keys$/,
      run: async ([, partnerId]) => jsonResponse(200, { keys: await commerce.store.listPartnerKeys(partnerId!) }),
    },
    {
      method: 'DELETE',
      pattern: /^\/admin\/keys\/(pk_(?:test|live)_[0-9A-Za-z]{4})$/,
      run: async ([, keyPrefix]) => {
        await commerce.partners.revokeKey(keyPrefix!);
        return noContent();
      },
    },
    {
      method: 'POST',
      pattern: /^\/admin\/partners\/([A-Za-z0-9_]{1,64})\/clients$/,
      run: async ([, partnerId], body) => {
        const input = parseBody(z.object({ redirectUris, clientId: z.string().optional() }).strict(), body);
        if (!(await commerce.store.getPartner(partnerId!))) throw new CommerceError('NOT_FOUND', 'No such partner.');
        const client = await commerce.partners.addAppClient(partnerId!, input);
        return jsonResponse(201, { clientId: client.clientId, redirectUris: client.redirectUris });
      },
    },
    {
      method: 'POST',
      pattern: /^\/admin\/partners\/([A-Za-z0-9_]{1,64})\/branch-resolution$/,
      run: async ([, partnerId]) => {
        if (!(await commerce.store.getPartner(partnerId!))) throw new CommerceError('NOT_FOUND', 'No such partner.');
        const at = new Date(commerce.clock.now()).toISOString();
        await commerce.store.confirmBranchResolution(partnerId!, at);
        return jsonResponse(200, { partnerId, branchResolutionConfirmedAt: at });
      },
    },
    {
      method: 'POST',
      pattern: /^\/admin\/partners\/([A-Za-z0-9_]{1,64})\/webhooks$/,
      run: async ([, partnerId], body) => {
        const input = parseBody(z.object({ url: z.string().max(2000), events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(2).optional() }).strict(), body);
        const { endpoint, secret } = await requireWebhooks().register(partnerId!, input);
        return jsonResponse(201, {
          endpointId: endpoint.endpointId,
          secret,
          url: endpoint.url,
          events: endpoint.eventTypes,
          status: endpoint.status,
          createdAt: endpoint.createdAt,
        });
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/partners\/([A-Za-z0-9_]{1,64})\/webhooks$/,
      run: async ([, partnerId]) => jsonResponse(200, { endpoints: await requireWebhooks().list(partnerId!) }),
    },
    {
      method: 'DELETE',
      pattern: /^\/admin\/webhooks\/(whe_[0-9a-f]{32})$/,
      run: async ([, endpointId]) => {
        await requireWebhooks().disable(endpointId!);
        return noContent();
      },
    },
    {
      method: 'POST',
      pattern: /^\/admin\/webhooks\/(whe_[0-9a-f]{32})\/rotate-secret$/,
      run: async ([, endpointId]) => {
        const rotated = await requireWebhooks().rotateSecret(endpointId!);
        return jsonResponse(200, { endpointId, secret: rotated.secret, previousSecretExpiresAt: rotated.previousSecretExpiresAt });
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/partners\/([A-Za-z0-9_]{1,64})\/deliveries$/,
      run: async ([, partnerId], _body, request) => {
        const query = parseBody(
          z
            .object({
              limit: z.coerce.number().int().min(1).max(200).optional(),
              before: z
                .string()
                .regex(/^dlv_[0-9a-f]{32}$/)
                .optional(),
            })
            .strict(),
          Object.fromEntries(request.query),
        );
        const deliveries = await requireWebhooks().deliveries(partnerId!, query);
        return jsonResponse(200, { deliveries, nextBefore: deliveries.length === (query.limit ?? 50) ? deliveries.at(-1)!.deliveryId : null });
      },
    },
    {
      method: 'POST',
      pattern: /^\/admin\/deliveries\/(dlv_[0-9a-f]{32})\/redeliver$/,
      run: async ([, deliveryId]) => {
        const delivery = await requireWebhooks().redeliver(deliveryId!);
        return jsonResponse(202, {
          deliveryId: delivery.deliveryId,
          redeliveryOf: delivery.redeliveryOf,
          eventId: delivery.eventId,
          endpointId: delivery.endpointId,
          status: delivery.status,
        });
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/reconciliation$/,
      run: async () => jsonResponse(200, await commerce.reconciliation.run()),
    },
    {
      method: 'GET',
      pattern: /^\/admin\/partners\/([A-Za-z0-9_]{1,64})\/go-live$/,
      run: async ([, partnerId]) => jsonResponse(200, await commerce.partners.goLiveReport(partnerId!)),
    },
    {
      method: 'POST',
      pattern: /^\/admin\/partners\/([A-Za-z0-9_]{1,64})\/go-live$/,
      run: async ([, partnerId]) => {
        try {
          return jsonResponse(200, await commerce.partners.goLive(partnerId!));
        } catch (error) {
          // Not ready: the answer is the check itself, saying what is missing.
          if (isCommerceError(error) && error.code === 'GO_LIVE_NOT_READY') return jsonResponse(409, await commerce.partners.goLiveReport(partnerId!));
          throw error;
        }
      },
    },
    {
      method: 'POST',
      pattern: /^\/admin\/grocer\/prices$/,
      run: async (_m, body) => {
        const input = parseBody(
          z.object({ branchCode: z.string(), cprcode: z.string().refine(isCprcode, 'not a cprcode'), amount: z.number().positive().max(1_000_000).nullable() }).strict(),
          body,
        );
        await requireControl().setPrice({ branchCode: input.branchCode, cprcode: input.cprcode, amountSatang: input.amount === null ? null : toSatang(input.amount) });
        return noContent();
      },
    },
    {
      method: 'POST',
      pattern: /^\/admin\/grocer\/stock$/,
      run: async (_m, body) => {
        const input = parseBody(
          z.object({ branchCode: z.string(), cprcode: z.string().refine(isCprcode, 'not a cprcode'), qty: z.number().int().min(-100_000).max(100_000) }).strict(),
          body,
        );
        await requireControl().setStock(input);
        return noContent();
      },
    },
    {
      method: 'POST',
      pattern: /^\/admin\/grocer\/products\/([0-9]{1,12})$/,
      run: async ([, cprcode], body) => {
        const input = parseBody(z.object({ active: z.boolean() }).strict(), body);
        await requireControl().setProductActive({ cprcode: cprcode!, active: input.active });
        return noContent();
      },
    },
    {
      method: 'POST',
      pattern: /^\/admin\/grocer\/catalog\/bump$/,
      run: async () => jsonResponse(200, await requireControl().bumpCatalogVersion()),
    },
    {
      method: 'POST',
      pattern: /^\/admin\/grocer\/faults$/,
      run: async (_m, body) => {
        const input = parseBody(
          z
            .object({ latencyMs: z.number().int().min(0).max(60_000).optional(), errorRate: z.number().min(0).max(1).optional(), timeoutRate: z.number().min(0).max(1).optional() })
            .strict(),
          body,
        );
        await requireControl().setFaults(input);
        return noContent();
      },
    },
    {
      method: 'POST',
      pattern: /^\/admin\/grocer\/orders\/([A-Z]{2}[0-9]{13}-[0-9A-Z]{4})\/advance$/,
      run: async ([, orderId]) => {
        const order = await requireControl().advanceOrder(orderId!);
        return jsonResponse(200, { orderId: order.orderId, status: order.status, pickingStatus: order.shipping.schedules[0]?.pickingStatus ?? null });
      },
    },
  ];

  return async (request) => {
    const given = bearerCredential(request.headers.authorization);
    if (!given || !sameDigest(sha256Hex(given), tokenDigest)) {
      return errorResponse(401, 'ADMIN_TOKEN_INVALID', 'Send the admin token as Authorization: Bearer <ADMIN_TOKEN>.', {}, { 'www-authenticate': 'Bearer realm="admin"' });
    }
    const candidates = routes.filter((route) => route.pattern.test(request.path));
    const route = candidates.find((r) => r.method === request.method);
    if (!route) {
      return candidates.length > 0
        ? errorResponse(405, 'METHOD_NOT_ALLOWED', `Use ${candidates.map((r) => r.method).join(' or ')}.`, {}, { allow: candidates.map((r) => r.method).join(', ') })
        : errorResponse(404, 'NOT_FOUND', 'No such admin route.');
    }
    let body: unknown = null;
    if (request.body.length > 0) {
      try {
        body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(request.body));
      } catch {
        return errorResponse(400, 'INVALID_INPUT', 'The body is not JSON.');
      }
    }
    try {
      // Every text of the body and the query is checked before a route does anything with it.
      requireSafeInput(body);
      requireSafeInput(Object.fromEntries(request.query), 'query');
      return await route.run(route.pattern.exec(request.path)!, body, request);
    } catch (error) {
      if (!isCommerceError(error) || error.code === 'INTERNAL') throw error;
      return errorResponse(httpStatusOf(error.code), error.code, error.message, error.field ? { field: error.field } : {});
    }
  };
}
