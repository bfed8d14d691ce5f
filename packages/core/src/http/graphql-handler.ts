import { type ExecutionResult, getOperationAST, GraphQLError } from 'graphql';
import {
  createHandler,
  type Request as GraphQLHttpRequest,
  type RequestParams,
  type Response as GraphQLHttpResponse,
} from 'graphql-http';
import type { HttpRequest, HttpResponse } from './http-types.ts';
import type { PartnerContext } from '../model/partner.ts';
import type { Commerce } from '../services/commerce.ts';
import { rateLimitHeaders } from '../services/rate-limiter.ts';
import { createGraphQLContext, type GraphQLContext } from '../graphql/graphql-context.ts';
import type { GraphQLExecutor } from '../graphql/graphql-executor.ts';
import { withCode, withMaskedErrors } from './graphql-error-masking.ts';
import { capped, codedRefusal, partnerKeyRefusal, rateLimited, refusal } from './graphql-refusals.ts';

export interface GraphQLHandlerOptions {
  commerce: Commerce;
  executor: GraphQLExecutor;
  /** Called with every fault that was masked, for logs. */
  onInternalError?: (error: unknown, request: HttpRequest) => void;
}

interface Carried {
  request: HttpRequest;
  partner: PartnerContext;
  /** RateLimit headers for the response, once the operation's units are taken. */
  rateHeaders: Record<string, string>;
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/**
 * `/graphql` as a function of a request, on graphql-http (GraphQL over HTTP). The partner key is
 * checked first (401 `PARTNER_KEY_INVALID`); faults are masked and carry the request id.
 */
export function createGraphQLHandler(options: GraphQLHandlerOptions): (request: HttpRequest) => Promise<HttpResponse> {
  const { commerce, executor } = options;
  const handle = createHandler<HttpRequest, Carried>({
    schema: executor.schema,
    parse: executor.parse,
    validate: executor.validate as never,
    execute: executor.execute as never,
    // graphql-http types the operation context as undefined unless told; the executor takes a GraphQLContext.
    context: (req, params) => operationContext(commerce, executor, req.context, params) as never,
    onOperation: (req, args, result: ExecutionResult) => {
      const init = {
        status: 200,
        statusText: 'OK',
        headers: { 'content-type': `${responseMediaType(req.context.request.headers.accept)}; charset=utf-8` },
      };
      // The common case skips graphql-http's replacer-based JSON.stringify for the compiled serializer.
      const body = result.errors?.length
        ? JSON.stringify(withMaskedErrors(req.context.request, result, options.onInternalError))
        : (executor.serialize(args.document, args.operationName, result) ?? JSON.stringify(result));
      return [capped(body, executor.limits.maxResponseBytes), init];
    },
    formatError: (error) => (error instanceof GraphQLError ? withCode(error) : error),
  });

  return async (request) => {
    const partner = await commerce.partners.verifyKey(request.headers['x-partner-key']);
    if (!partner) return partnerKeyRefusal();
    if (request.method === 'POST' && firstByte(request.body) === 0x5b) {
      return refusal(
        400,
        'INVALID_INPUT',
        'Batched operations (a JSON array) are not supported: send one operation per request.',
      );
    }
    const graphqlRequest = toGraphQLHttpRequest(request, partner);
    const [body, init] = await handle(graphqlRequest);
    // graphql-http answers a request it cannot read without a code (or without a body): give it one.
    if (init.status !== 200 && init.status !== 429) return codedRefusal(body, init.status, init.headers ?? {});
    return { status: init.status, headers: { ...(init.headers ?? {}), ...graphqlRequest.context.rateHeaders }, body };
  };
}

/** The request as graphql-http reads it, carrying the partner and, once charged, the RateLimit headers. */
function toGraphQLHttpRequest(request: HttpRequest, partner: PartnerContext): GraphQLHttpRequest<HttpRequest, Carried> {
  return {
    method: request.method,
    url: `${request.path}${request.query.size ? `?${request.query}` : ''}`,
    headers: request.headers as Record<string, string | undefined>,
    body: () => utf8.decode(request.body),
    raw: request,
    context: { request, partner, rateHeaders: {} },
  };
}

/**
 * Charges the operation to the partner's budget (and a mutation to the shopper's) and builds its
 * context, or answers 429. The RateLimit headers go into `carried` for the response.
 */
async function operationContext(
  commerce: Commerce,
  executor: GraphQLExecutor,
  carried: Carried,
  params: RequestParams,
): Promise<GraphQLContext | GraphQLHttpResponse> {
  const { request, partner } = carried;
  const idempotency = request.headers['idempotency-key'] ?? params.extensions?.idempotencyKey;
  // Parsing hits the executor's cache: graphql-http parsed this document already. It is charged
  // before validation, so a document refused by the limits still spends what it would cost.
  const document = executor.parse(params.query);
  const units = executor.unitsOf(document, params.operationName, params.variables);
  const decision = await commerce.rateLimiter.take(
    partner.keyPrefix,
    commerce.ratePolicies.partner[partner.environment],
    units,
  );
  carried.rateHeaders = rateLimitHeaders(decision);
  if (!decision.allowed) return rateLimited(decision);
  const context = createGraphQLContext({
    commerce,
    partner,
    partnerKey: request.headers['x-partner-key'] ?? '',
    requestId: request.requestId ?? '',
    authorization: request.headers.authorization,
    idempotencyKey: typeof idempotency === 'string' ? idempotency : null,
  }) satisfies GraphQLContext;
  if (getOperationAST(document, params.operationName)?.operation === 'mutation') {
    const perShopper = await context.takeShopperMutations(1);
    if (perShopper && !perShopper.allowed) return rateLimited(perShopper);
  }
  return context;
}

/** The first byte that is not JSON whitespace. */
function firstByte(body: Uint8Array): number | undefined {
  for (const byte of body) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return byte;
  return undefined;
}

/**
 * The media type of a successful response, chosen as graphql-http chooses it: the first acceptable
 * of `application/graphql-response+json` and `application/json` (the default) in Accept order.
 */
function responseMediaType(accept: string | undefined): string {
  for (const entry of (accept ?? '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const type = entry.split(';', 1)[0];
    if (type === 'application/graphql-response+json') return type;
    if (type === 'application/json' || type === 'application/*' || type === '*/*') return 'application/json';
  }
  return 'application/json';
}
