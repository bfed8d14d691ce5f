import { type ExecutionResult, getOperationAST, GraphQLError } from 'graphql';
import { createHandler, type Request as GraphQLHttpRequest } from 'graphql-http';
import { type ErrorCode, isCommerceError } from '../errors.ts';
import type { HttpRequest, HttpResponse } from './http-types.ts';
import type { PartnerContext } from '../model/partner.ts';
import type { Commerce } from '../services/commerce.ts';
import { rateLimitHeaders, type RateDecision } from '../services/rate-limiter.ts';
import { createGraphQLContext, type GraphQLContext } from '../graphql/graphql-context.ts';
import type { GraphQLExecutor } from '../graphql/graphql-executor.ts';

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

/** A domain error as a GraphQL error: message and `extensions.code` (and `field`). */
function toGraphQLError(error: GraphQLError): GraphQLError {
  const original = error.originalError;
  if (isCommerceError(original) && original.code !== 'INTERNAL') {
    return new GraphQLError(original.message, {
      nodes: error.nodes,
      path: error.path,
      extensions: { code: original.code, ...(original.field ? { field: original.field } : {}) },
    });
  }
  return error;
}

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
    context: async (req, params) => {
      const { request, partner } = req.context;
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
      req.context.rateHeaders = rateLimitHeaders(decision);
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
      return context as never;
    },
    onOperation: (req, args, result: ExecutionResult) => {
      const init = {
        status: 200,
        statusText: 'OK',
        headers: { 'content-type': `${responseMediaType(req.context.request.headers.accept)}; charset=utf-8` },
      };
      // The common case skips graphql-http's replacer-based JSON.stringify for the compiled serializer.
      const body = result.errors?.length
        ? JSON.stringify(withMaskedErrors(req.context.request, result))
        : (executor.serialize(args.document, args.operationName, result) ?? JSON.stringify(result));
      return [capped(body, executor.limits.maxResponseBytes), init];
    },
    formatError: (error) => (error instanceof GraphQLError ? withCode(error) : error),
  });

  /** Domain errors keep their code, client errors get one, faults are masked with the request id. */
  const withMaskedErrors = (request: HttpRequest, result: ExecutionResult): ExecutionResult => ({
    ...result,
    errors: result.errors!.map((error) => {
      const mapped = toGraphQLError(error);
      // Only a thrown non-GraphQL, non-domain error is a fault; everything else is the client's.
      if (mapped.extensions?.code || !mapped.originalError || mapped.originalError instanceof GraphQLError)
        return withCode(mapped);
      options.onInternalError?.(mapped.originalError, request);
      return new GraphQLError(`Internal error. Quote request id ${request.requestId ?? 'unknown'} to support.`, {
        path: mapped.path,
        extensions: { code: 'INTERNAL', requestId: request.requestId },
      });
    }),
  });

  return async (request) => {
    const partner = await commerce.partners.verifyKey(request.headers['x-partner-key']);
    if (!partner) {
      return {
        status: 401,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'www-authenticate': 'PartnerKey realm="graphql"',
        },
        body: JSON.stringify({
          errors: [
            {
              message: 'Send a valid partner key in the X-Partner-Key header.',
              extensions: { code: 'PARTNER_KEY_INVALID' },
            },
          ],
        }),
      };
    }
    const graphqlRequest: GraphQLHttpRequest<HttpRequest, Carried> = {
      method: request.method,
      url: `${request.path}${request.query.size ? `?${request.query}` : ''}`,
      headers: request.headers as Record<string, string | undefined>,
      body: () => utf8.decode(request.body),
      raw: request,
      context: { request, partner, rateHeaders: {} },
    };
    if (request.method === 'POST' && firstByte(request.body) === 0x5b) {
      return refusal(
        400,
        'INVALID_INPUT',
        'Batched operations (a JSON array) are not supported: send one operation per request.',
      );
    }
    const [body, init] = await handle(graphqlRequest);
    // graphql-http answers a request it cannot read without a code (or without a body): give it one.
    if (init.status !== 200 && init.status !== 429) return codedRefusal(body, init.status, init.headers ?? {});
    return { status: init.status, headers: { ...(init.headers ?? {}), ...graphqlRequest.context.rateHeaders }, body };
  };
}

/** graphql-http's messages for a request it cannot read, said for partners, with the parameter at fault. */
const REQUEST_PROBLEMS: Record<string, { message: string; field?: string }> = {
  'Unparsable JSON body': { message: 'The body is not valid JSON.' },
  'Unparsable URL': {
    message: 'The query string of a GET request does not parse (variables and extensions are JSON).',
  },
  'Missing body': { message: 'The body is empty: send {"query": "..."}.' },
  'JSON body must be an object': { message: 'The body must be a JSON object: {"query": "...", "variables": {...}}.' },
  'Missing query': { message: 'Send the GraphQL document in "query".', field: 'query' },
  'Invalid query': { message: '"query" must be a string holding a GraphQL document.', field: 'query' },
  'Invalid variables': { message: '"variables" must be a JSON object.', field: 'variables' },
  'Invalid operationName': { message: '"operationName" must be a string.', field: 'operationName' },
  'Invalid extensions': { message: '"extensions" must be a JSON object.', field: 'extensions' },
};

/** Why graphql-http refused a request by status alone, when it sent no body. */
const STATUS_PROBLEMS: Record<number, string> = {
  405: 'Use POST (or GET for queries).',
  406: 'Accept application/graphql-response+json or application/json.',
  415: 'Send the request with Content-Type: application/json.',
};

/**
 * A refusal before execution as every GraphQL error is: `errors[].extensions.code` from the error
 * catalog (`METHOD_NOT_ALLOWED` for 405, `INVALID_INPUT` otherwise), never an empty body.
 */
function codedRefusal(body: string | null, status: number, headers: Record<string, string>): HttpResponse {
  let errors: { message?: unknown; extensions?: { code?: unknown } }[] = [];
  try {
    errors = body ? ((JSON.parse(body) as { errors?: typeof errors }).errors ?? []) : [];
  } catch {
    // Not JSON: the status says it all.
  }
  const code = status === 405 ? 'METHOD_NOT_ALLOWED' : 'INVALID_INPUT';
  const coded = (
    errors.length ? errors : [{ message: STATUS_PROBLEMS[status] ?? 'The request is not a GraphQL request.' }]
  ).map((error) => {
    if (typeof error.extensions?.code === 'string') return error;
    const known = typeof error.message === 'string' ? REQUEST_PROBLEMS[error.message] : undefined;
    return {
      message: known?.message ?? String(error.message),
      extensions: { code, ...(known?.field ? { field: known.field } : {}) },
    };
  });
  return {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ errors: coded }),
  };
}

function refusal(status: number, code: ErrorCode, message: string): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ errors: [{ message, extensions: { code } }] }),
  };
}

/** The first byte that is not JSON whitespace. */
function firstByte(body: Uint8Array): number | undefined {
  for (const byte of body) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return byte;
  return undefined;
}

/**
 * The body, or a `RESPONSE_TOO_LARGE` error in its place when it is over `maxBytes`: a bound on what
 * one request can make the service write, whatever the document's cost.
 */
function capped(body: string, maxBytes: number): string {
  // UTF-8 takes at most three bytes per UTF-16 unit, so most bodies need no exact count.
  const bytes = body.length * 3 <= maxBytes ? body.length : Buffer.byteLength(body);
  if (bytes <= maxBytes) return body;
  const message = `The response would be ${bytes} bytes, more than the limit of ${maxBytes}. Ask for fewer fields, smaller pages or fewer aliases.`;
  return JSON.stringify({
    data: null,
    errors: [{ message, extensions: { code: 'RESPONSE_TOO_LARGE', limitBytes: maxBytes } }],
  });
}

/** A 429 in the GraphQL shape, with Retry-After and the RateLimit headers. */
function rateLimited(
  decision: RateDecision,
): readonly [string, { status: number; statusText: string; headers: Record<string, string> }] {
  const message = `Rate limit of ${decision.policy.limit} units per ${decision.policy.windowMs / 1000} s reached (${decision.policy.name}); retry in ${decision.resetSeconds} s.`;
  return [
    JSON.stringify({
      errors: [{ message, extensions: { code: 'RATE_LIMITED', retryAfterSeconds: decision.resetSeconds } }],
    }),
    {
      status: 429,
      statusText: 'Too Many Requests',
      headers: { 'content-type': 'application/json; charset=utf-8', ...rateLimitHeaders(decision) },
    },
  ];
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

/** Every error a client sees names a code: validation and syntax errors included. */
function withCode(error: GraphQLError): GraphQLError {
  if (error.extensions?.code) return error;
  const code = error.message.startsWith('Syntax Error') ? 'GRAPHQL_PARSE_FAILED' : 'GRAPHQL_VALIDATION_FAILED';
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { ...error.extensions, code },
  });
}
