import type { ErrorCode } from '@grocery/core';

/** What a code means and which operations return it, as read from the services and handlers. */
export interface ErrorUsage {
  meaning: string;
  /** Operations and routes that return the code, with the condition where it is not obvious. */
  returnedBy: readonly string[];
}

/** Where the codes of the pricing path come from: core's input checks, then the grocer's calculator. */
const PRICING = ['`quote`', '`quoteApplyCoupon`', '`orderCreate`'] as const;

/**
 * Every code of `ERROR_CODES` (packages/core/src/errors.ts). Typed as a full record, so a code added
 * there fails the type check here until the guide says where it comes from.
 */
export const ERROR_USAGE: Record<ErrorCode, ErrorUsage> = {
  UNAUTHENTICATED: {
    meaning:
      "The shopper's id token is missing, malformed, forged, expired, from another issuer, not an id token, or issued to an app client of another partner.",
    returnedBy: [
      'Every mutation (in `userErrors`)',
      'Queries `basket`, `order`, `orders` (in `errors[]`, HTTP 200)',
      'The shopper-scoped MCP tools (`isError` result)',
    ],
  },
  EMPTY_BASKET: {
    meaning: 'A quote or order was asked for without `lines` and the basket has none.',
    returnedBy: [...PRICING],
  },
  INVALID_CPRCODE: {
    meaning: 'A cprcode is not 1 to 12 digits, or (when adding or pricing) no product has it.',
    returnedBy: [
      '`product` (malformed only; an unknown one answers `null`)',
      '`inventory`',
      '`basketAdd`',
      '`basketRemove`',
      '`basketSetQuantity` (malformed)',
      ...PRICING,
      '`GET /v1/products/{cprcode}` (HTTP 400, malformed)',
      '`POST /admin/grocer/prices`, `/admin/grocer/stock`, `/admin/grocer/products/{cprcode}`',
    ],
  },
  INVALID_QUANTITY: {
    meaning:
      'A quantity is not a whole number from 1 to 99 (0 to 99 for `basketSetQuantity`), or a line would exceed 99 in all.',
    returnedBy: ['`basketAdd`', '`basketSetQuantity`', ...PRICING],
  },
  ADDRESS_REQUIRED: {
    meaning: '`shippingType: DELIVERY` without `address.lat` and `address.lon`.',
    returnedBy: [...PRICING],
  },
  PRICE_UNAVAILABLE: {
    meaning: 'The branch does not price a product. Remove it or switch branch.',
    returnedBy: ['`basketAdd`', ...PRICING],
  },
  NOT_FOUND: {
    meaning: "The record does not exist or is not the caller's.",
    returnedBy: [
      '`basketRemove`, `basketSetQuantity` (no basket yet, or no line for the product)',
      "`paymentLinkCreate`, `paymentStart` (not one of the shopper's orders)",
      '`orderCreate` (a replayed idempotency key whose order is gone)',
      '`GET /v1/products/{cprcode}`, `/v1/products/files/{file}`',
      'Search service: unknown route',
      'Admin API: unknown partner, endpoint, delivery, key prefix or route; grocer controls when no simulator runs',
      'Inbound grocer webhooks: unknown order',
      'Any unknown path of the API (HTTP 404)',
    ],
  },
  ALREADY_PAID: {
    meaning: 'The order is paid already.',
    returnedBy: ['`paymentLinkCreate`', '`POST /pay/<token>` (HTTP 409)'],
  },
  PRICE_CHANGED: {
    meaning:
      "Priced again just before payment, the order's total differs from the total it was placed with (or from the link's amount). The order stays unpaid; place it again.",
    returnedBy: ['`POST /pay/<token>` (HTTP 409; `checkout.json` shows `state: price_changed`)'],
  },
  PARTNER_KEY_INVALID: {
    meaning: 'The `X-Partner-Key` header is missing, malformed, unknown or revoked.',
    returnedBy: ['Every GraphQL, MCP, REST catalog and search request (HTTP 401)'],
  },
  INVALID_BRANCH: {
    meaning: 'A branch code is not 2 to 8 letters or digits, or no branch has it.',
    returnedBy: [
      '`product`, `products`, `search`, `inventory` (`branchCode`)',
      '`basketAdd`, `basketSetBranch`',
      ...PRICING,
      '`POST /admin/grocer/prices`, `/admin/grocer/stock`',
    ],
  },
  INVALID_INPUT: {
    meaning: 'An input is malformed or out of its limits; `field` names it.',
    returnedBy: [
      '`products`, `orders` (`first` outside 1–100, a cursor this API did not issue, `filter.query` over 200 characters, `pricedOnly` without `branchCode`)',
      '`search`, `searchSuggest` (empty or over 200 characters, `limit` out of range)',
      '`inventory` (more than 500 cprcodes)',
      '`fulfilmentResolve` (only one of lat/lon, out of range, postcode not five digits, nothing given)',
      '`basketAdd` (a 101st product)',
      '`quote`, `quoteApplyCoupon`, `orderCreate` (`shippingType`, `scheduleMode`, address fields, more than 5 or malformed coupon codes, more than 100 lines; `quoteApplyCoupon` without coupons; `orderCreate` with `specialComment` over 500 characters or a malformed idempotency key)',
      '`paymentStart` (`callbackUrl` not an absolute http(s) URL)',
      "MCP: arguments that do not match the tool's `inputSchema`; wrong content type (415), a body that is not JSON (400), an empty or too large batch (400)",
      'REST catalog and search service: unknown, repeated or out-of-range parameters (400)',
      'Pay pages, search service, admin API and inbound webhooks: a wrong HTTP method (405)',
      '`/graphql`: a body that is not a GraphQL request (not JSON, a JSON array, no `query`, `variables` not an object; HTTP 400), a `Content-Type` other than JSON (415), an `Accept` without JSON (406)',
      'Admin API: a body that is not JSON or does not match the route',
      "Inbound grocer webhooks: a body that is not JSON or not the endpoint's",
    ],
  },
  ALCOHOL_NOT_LICENSED: {
    meaning: 'An alcoholic product at a branch not licensed to sell alcohol.',
    returnedBy: ['`basketAdd`', ...PRICING],
  },
  DELIVERY_UNAVAILABLE: {
    meaning:
      'The branch does not deliver, the address is beyond its radius, the postcode is not served, or `EXPRESS` is asked beyond 8 km; or no branch serves a postcode.',
    returnedBy: ['`fulfilmentResolve` (postcode)', ...PRICING],
  },
  OUT_OF_SERVICE_AREA: {
    meaning:
      'The coordinates are farther than 50 km from every branch (and no branch delivers there): nothing can serve the shopper, not even pickup.',
    returnedBy: ['`fulfilmentResolve`, `resolve_fulfilment` (coordinates; `errors[].extensions.code`)'],
  },
  PRODUCT_UNAVAILABLE: {
    meaning: 'The product is inactive or not sold online now.',
    returnedBy: ['`basketAdd`', ...PRICING],
  },
  PAYMENT_LINK_INVALID: {
    meaning: 'The payment-link token is malformed, unknown or altered.',
    returnedBy: ['`GET /pay/<token>`, `GET /pay/<token>/checkout.json`, `POST /pay/<token>` (HTTP 404)'],
  },
  PAYMENT_LINK_EXPIRED: {
    meaning: 'The payment link is older than 24 hours. Issue a fresh one with `paymentLinkCreate`.',
    returnedBy: ['`POST /pay/<token>` (HTTP 410; the page and `checkout.json` show `state: expired`)'],
  },
  PAYMENT_DECLINED: {
    meaning:
      'The payment provider refused the payment; no money moved. In the sandbox, `simulate=decline` asks for this.',
    returnedBy: ['`POST /pay/<token>` (HTTP 400; a browser is sent back to the page with a notice)'],
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    meaning:
      "No payment provider is configured for the order's environment, so the order cannot be paid yet; no money moved.",
    returnedBy: ['`paymentStart`', '`POST /pay/<token>` (HTTP 503)'],
  },
  DOWNLOAD_LINK_INVALID: {
    meaning:
      'A catalog download link whose signature does not match (altered or forged). Ask `/v1/products/download` for a fresh link.',
    returnedBy: ['`GET /v1/products/files/{file}` (HTTP 403)'],
  },
  DOWNLOAD_LINK_EXPIRED: {
    meaning: 'A catalog download link older than its five minutes. Ask `/v1/products/download` for a fresh link.',
    returnedBy: ['`GET /v1/products/files/{file}` (HTTP 410)'],
  },
  METHOD_NOT_ALLOWED: {
    meaning:
      'The method is not served here; `Allow` lists those that are. The REST catalog is read-only (GET and HEAD); `/graphql` takes GET and POST, and mutations only over POST.',
    returnedBy: ['REST catalog routes (HTTP 405)', '`/graphql` (HTTP 405, `errors[0].extensions.code`)'],
  },
  CATALOG_UNAVAILABLE: {
    meaning: 'No catalog snapshot is served yet (the first one is being built); retry after `Retry-After` seconds.',
    returnedBy: ['REST catalog routes (HTTP 503)'],
  },
  IDEMPOTENCY_KEY_REUSED: {
    meaning: 'The idempotency key was used by this shopper for a different `orderCreate` request.',
    returnedBy: ['`orderCreate`, `create_order`'],
  },
  ORDER_PENDING: {
    meaning:
      "The grocer has not confirmed whether the order was placed (its answer was lost), or the first request with this idempotency key is still running. The service settles it within minutes: the order then appears in the shopper's orders, or is cancelled at the grocer. Retry with the same `Idempotency-Key` to get the outcome; without a key, look at `orders` before placing it again. See Failures and recovery.",
    returnedBy: ['`orderCreate`, `create_order`'],
  },
  GO_LIVE_NOT_READY: {
    meaning: 'The partner cannot go live yet: a go-live requirement is missing (the answer lists them).',
    returnedBy: ['`POST /admin/partners/{partnerId}/go-live` (HTTP 409, with the go-live check as the body)'],
  },
  ORDER_CANCELLED: {
    meaning:
      'The grocer cancelled the order (it was not paid in time, or it was given up after a lost answer), so it cannot be paid. A payment taken meanwhile is refunded. Place the order again.',
    returnedBy: ['`POST /pay/<token>` (HTTP 409; `checkout.json` shows `state: cancelled`)'],
  },
  PAYMENT_IN_PROGRESS: {
    meaning:
      'Another payment of the order is being taken right now (a second press of Pay, a second tab, another app). This request moved no money; the payment page shows how the other one ends. One payment of an order reaches the payment provider at a time.',
    returnedBy: ['`POST /pay/<token>` (HTTP 409)'],
  },
  PAYMENT_MISMATCH: {
    meaning:
      "Money reached the payment provider that does not match the order's payment: another currency or amount, or a payment page the service did not open for it. It is refunded in full and a `payment.refunded` event is sent; the order stays as it was.",
    returnedBy: ['`checkout.json` (`payment.refunds[].reason`)', '`payment.refunded` events (`payload.reason`)'],
  },
  CLIENT_ID_TAKEN: {
    meaning:
      'The app client id (`field`: `clientId`) is registered already, to this partner or another. Nothing was created: no partner, no key, no client.',
    returnedBy: ['`POST /admin/partners`, `POST /admin/partners/{partnerId}/clients` (HTTP 409)'],
  },
  RATE_LIMITED: {
    meaning:
      "The partner key's units for this minute are spent, or the shopper's mutations for this minute; retry after `Retry-After` seconds. See Rate limits.",
    returnedBy: [
      'Every GraphQL request (HTTP 429, `errors[0].extensions.code`)',
      '`/mcp`, the REST catalog and the search service (HTTP 429, `{"error":{…}}`)',
      '`search`, `searchSuggest` when the search service answers HTTP 429',
    ],
  },
  QUERY_TOO_COMPLEX: {
    meaning:
      'A GraphQL document is over a limit: depth 15, 30 aliases, 4,000 tokens, a cost of 6,000 (the whole schema by introspection costs 1,000), more than one `__schema` or more than ten `__type` selections.',
    returnedBy: [
      '`POST /graphql` (in `errors[]`)',
      'MCP tools (never with the shipped operations and argument limits)',
    ],
  },
  RESPONSE_TOO_LARGE: {
    meaning:
      'The answer would be larger than 2 MiB; nothing else is sent. Ask for fewer fields, smaller pages or fewer aliases.',
    returnedBy: [
      '`POST /graphql` (in `errors[]`, HTTP 200, with `extensions.limitBytes`)',
      'MCP tools (`isError` result)',
    ],
  },
  PAYLOAD_TOO_LARGE: {
    meaning: 'The request body is larger than the route allows.',
    returnedBy: [
      'Any API route (HTTP 413): 256 KiB for `/graphql` and `/mcp`, 64 KiB for `/webhooks/`, `/idp` and `/admin/`, 4 KiB for `/pay/`, 16 KiB elsewhere',
    ],
  },
  FORBIDDEN: {
    meaning: 'The caller may not do this.',
    returnedBy: [
      '`/mcp` from a browser `Origin` that is not allowed (HTTP 403)',
      'CORS preflights (`OPTIONS`) to `/graphql` and the REST catalog from an origin that is not registered (HTTP 403)',
    ],
  },
  ADMIN_TOKEN_INVALID: {
    meaning: 'The admin token is missing or wrong.',
    returnedBy: ['Admin API and `/metrics` without the right `Authorization: Bearer <ADMIN_TOKEN>` (HTTP 401)'],
  },
  GROCER_UNAVAILABLE: {
    meaning:
      "The grocer's systems did not answer, or failed; retry later. Nothing was placed or charged: an order whose answer was lost is cancelled at the grocer before this is answered (otherwise the answer is `ORDER_PENDING`). Orders read while the grocer is away show the last known state instead.",
    returnedBy: [
      'Any operation that asks the grocer: prices, stock, branches, `fulfilmentResolve`, basket changes, quotes, `orderCreate`',
      '`search` and `searchSuggest` when no search service is configured',
      '`GET /pay/<token>` and `POST /pay/<token>` (HTTP 503)',
      'Admin grocer controls and inbound grocer webhooks (HTTP 503)',
    ],
  },
  SEARCH_UNAVAILABLE: {
    meaning:
      'The ranked search service has no index loaded yet, cannot be reached, or could not check the partner key.',
    returnedBy: [
      '`search`, `searchSuggest`',
      '`GET {search_url}/v1/search`, `/v1/suggest`, `/v1/manifest` (HTTP 503 with `Retry-After`)',
    ],
  },
  SIGNATURE_INVALID: {
    meaning:
      "An inbound grocer notification is not signed with the shared secret, or its `sentAt` is more than 300 s from the service's clock.",
    returnedBy: ['`POST /webhooks/shop/payment`, `/webhooks/shop/order-status` (HTTP 401)'],
  },
  NOTIFICATION_REPLAYED: {
    meaning: 'This exact inbound notification was accepted before.',
    returnedBy: ['`POST /webhooks/shop/payment`, `/webhooks/shop/order-status` (HTTP 409)'],
  },
  CHECKOUT_SESSION_CLOSED: {
    meaning:
      'The agent checkout session can no longer change: it is completed or canceled (or expired), or its order is placed (then only `complete` goes on, to pay it).',
    returnedBy: ['UCP and ACP checkout-session updates, `complete` and `cancel` (HTTP 409; ACP `cancel` 405)'],
  },
  CHECKOUT_SESSION_BUSY: {
    meaning:
      'Another request changed the agent checkout session at the same moment, several times in a row (for an ACP update: each time the patch was merged again over the session as it then was). Nothing was changed by this one; send it again.',
    returnedBy: ['UCP and ACP checkout-session writes (HTTP 409)'],
  },
  INTERNAL: {
    meaning:
      "A fault on the service's side. The message carries a request id to quote to support; nothing about the fault is disclosed.",
    returnedBy: ['Any operation (GraphQL `errors[]`, MCP `isError`, HTTP 500 elsewhere)'],
  },
};

/** Codes that only one surface uses, outside `ERROR_CODES`: a surface's own, with its HTTP status. */
export const SURFACE_ERROR_CODES: readonly { code: string; status: string; meaning: string; returnedBy: string }[] = [
  {
    code: 'GRAPHQL_PARSE_FAILED',
    status: '200 or 400',
    meaning: 'The GraphQL document has a syntax error.',
    returnedBy: '`POST /graphql` (`errors[]`), MCP tools',
  },
  {
    code: 'GRAPHQL_VALIDATION_FAILED',
    status: '200 or 400',
    meaning:
      'The document does not validate against the schema, or a variable does not coerce (for example `first: "ten"`).',
    returnedBy: '`POST /graphql` (`errors[]`), MCP tools',
  },
  {
    code: 'SHUTTING_DOWN',
    status: '503',
    meaning:
      'The instance was stopping (SIGTERM) and could not finish the request within its drain deadline; retry it, with `Retry-After: 1` (another instance takes it).',
    returnedBy: 'Any route of the API and the search service, only while an instance stops',
  },
];
