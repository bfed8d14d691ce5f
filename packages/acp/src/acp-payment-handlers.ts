import { SANDBOX_PAYMENT_TOKENS, type Commerce, type Environment } from '@grocery/core';
import { acpError, type AcpProtocolError } from './acp-error.ts';
import { isJsonObject, type AcpPaymentHandler, type JsonObject } from './acp-types.ts';
import { ACP_VERSION } from './acp-version.ts';

/** The sandbox handler: complete with `credential.token` `success_token` (paid) or `fail_token` (declined). */
export const SANDBOX_HANDLER_ID = 'sandbox_token';
/** The payment page: complete escalates to the order's payment page (`continue_url`), Stripe Checkout in production. */
export const PAYMENT_PAGE_HANDLER_ID = 'payment_page';
/** Stripe shared payment tokens (`credential: {type: "spt", token: "spt_…"}`), charged inside complete; only when configured. */
const SHARED_TOKEN_HANDLER_ID = 'card_tokenized';

type HandlerId = typeof SANDBOX_HANDLER_ID | typeof PAYMENT_PAGE_HANDLER_ID | typeof SHARED_TOKEN_HANDLER_ID;

/** A granted Stripe shared payment token, as the handler's instrument schema says. */
const SHARED_TOKEN_PATTERN = '^spt_[A-Za-z0-9_]{1,250}$';

/** How core's `complete` pays: a sandbox token, a shared payment token, or the order's payment page. */
export type SessionPayment = Parameters<Commerce['sessions']['complete']>[2];

/** Where a handler's documents live: its schemas under the agent base, its spec in the guide. */
export interface HandlerUrls {
  agentBase: string;
  docsUrl: string;
  /** Whether the shop charges Stripe shared payment tokens for this session's environment (configured, off by default). */
  sharedPaymentTokens?: boolean | undefined;
}

/** The handlers a session of `environment` offers, by id: what `complete` accepts. */
function offeredHandlers(environment: Environment, sharedPaymentTokens: boolean): HandlerId[] {
  return [
    ...(environment === 'sandbox' ? [SANDBOX_HANDLER_ID] : []),
    ...(sharedPaymentTokens ? [SHARED_TOKEN_HANDLER_ID] : []),
    PAYMENT_PAGE_HANDLER_ID,
  ] as HandlerId[];
}

/** The path (under the agent base) of a handler's config or instrument schema, which the REST handler serves. */
function handlerSchemaPath(id: string, kind: 'config' | 'instrument'): string {
  return `/acp/handlers/${id}/${kind}.schema.json`;
}

/**
 * The handlers a session of `environment` offers: the sandbox handler in sandbox, Stripe shared
 * payment tokens where configured, the payment page in both.
 */
export function paymentHandlers(environment: Environment, urls: HandlerUrls): AcpPaymentHandler[] {
  const order = offeredHandlers(environment, urls.sharedPaymentTokens === true);
  const handler = (
    id: HandlerId,
    fields: Pick<AcpPaymentHandler, 'name' | 'display_name' | 'psp' | 'config'>,
    delegated = false,
  ) => ({
    id,
    ...fields,
    version: ACP_VERSION,
    spec: urls.docsUrl,
    requires_delegate_payment: delegated,
    requires_pci_compliance: false,
    config_schema: `${urls.agentBase}${handlerSchemaPath(id, 'config')}`,
    instrument_schemas: [`${urls.agentBase}${handlerSchemaPath(id, 'instrument')}`],
    display_order: order.indexOf(id),
  });
  const all: Record<HandlerId, () => AcpPaymentHandler> = {
    [SANDBOX_HANDLER_ID]: () =>
      handler(SANDBOX_HANDLER_ID, {
        name: 'shop.partner_grocery.sandbox_token',
        display_name: 'Sandbox test token',
        psp: 'sandbox',
        config: { environment, supported_tokens: [...SANDBOX_PAYMENT_TOKENS] },
      }),
    // The agent obtains the token from Stripe (delegate_payment), scoped to this shop, the session's total and THB.
    [SHARED_TOKEN_HANDLER_ID]: () =>
      handler(
        SHARED_TOKEN_HANDLER_ID,
        {
          name: 'dev.acp.tokenized.card',
          display_name: 'Card (Stripe shared payment token)',
          psp: 'stripe',
          config: { environment, psp: 'stripe', credential_types: ['spt'] },
        },
        true,
      ),
    [PAYMENT_PAGE_HANDLER_ID]: () =>
      handler(PAYMENT_PAGE_HANDLER_ID, {
        name: 'shop.partner_grocery.payment_page',
        display_name: environment === 'sandbox' ? 'Payment page (sandbox)' : 'Card or PromptPay on the payment page',
        psp: environment === 'sandbox' ? 'sandbox' : 'stripe',
        config: { environment },
      }),
  };
  return order.map((id) => all[id]());
}

/** The JSON Schemas a handler's `config_schema` and `instrument_schemas` name; null for an unknown one. */
export function handlerSchema(id: string, kind: string): JsonObject | null {
  if (
    kind === 'config' &&
    (id === SANDBOX_HANDLER_ID || id === PAYMENT_PAGE_HANDLER_ID || id === SHARED_TOKEN_HANDLER_ID)
  )
    return {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      required: ['environment'],
      properties: {
        environment: { enum: ['sandbox', 'production'] },
        supported_tokens: { type: 'array', items: { enum: [...SANDBOX_PAYMENT_TOKENS] } },
        psp: { const: 'stripe' },
        credential_types: { type: 'array', items: { const: 'spt' } },
      },
    };
  if (kind !== 'instrument') return null;
  if (id === SHARED_TOKEN_HANDLER_ID)
    return {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      description: 'A Stripe shared payment token granted to this shop for the session total in THB.',
      type: 'object',
      required: ['type', 'credential'],
      properties: {
        type: { type: 'string' },
        credential: {
          type: 'object',
          required: ['type', 'token'],
          properties: { type: { const: 'spt' }, token: { type: 'string', pattern: SHARED_TOKEN_PATTERN } },
        },
      },
    };
  if (id === SANDBOX_HANDLER_ID)
    return {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      required: ['type', 'credential'],
      properties: {
        type: { type: 'string' },
        credential: {
          type: 'object',
          required: ['type', 'token'],
          properties: { type: { type: 'string' }, token: { enum: [...SANDBOX_PAYMENT_TOKENS] } },
        },
      },
    };
  if (id === PAYMENT_PAGE_HANDLER_ID)
    return {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      description: 'No credential: the buyer pays at the session continue_url.',
      type: 'object',
    };
  return null;
}

/**
 * How a complete body pays: `payment_data.handler_id` must be a handler the session offers; the
 * sandbox handler pays with `instrument.credential.token` (a token it does not know is declined, as
 * `fail_token` is), the shared-token handler with a Stripe shared payment token (`type: "spt"`,
 * `spt_…`), the payment page escalates. Production sessions offer the sandbox handler never.
 */
export function paymentOf(
  body: JsonObject,
  environment: Environment,
  sharedPaymentTokens = false,
): { ok: true; payment: SessionPayment } | { ok: false; error: AcpProtocolError } {
  const refuse = (param: string, message: string) => ({
    ok: false as const,
    error: acpError(400, 'invalid', message, { param }),
  });
  const data = body.payment_data;
  if (!isJsonObject(data)) return refuse('$.payment_data', 'payment_data names the handler that pays.');
  const offered: readonly string[] = offeredHandlers(environment, sharedPaymentTokens);
  if (typeof data.handler_id !== 'string' || !offered.includes(data.handler_id))
    return refuse('$.payment_data.handler_id', `handler_id is one of the session's handlers: ${offered.join(', ')}.`);
  if (data.handler_id === PAYMENT_PAGE_HANDLER_ID) return { ok: true, payment: { kind: 'payment-page' } };
  const instrument = isJsonObject(data.instrument) ? data.instrument : {};
  const credential = isJsonObject(instrument.credential) ? instrument.credential : {};
  if (data.handler_id === SHARED_TOKEN_HANDLER_ID) {
    if (credential.type !== 'spt')
      return refuse('$.payment_data.instrument.credential.type', 'This handler takes a credential of type spt.');
    if (typeof credential.token !== 'string' || !new RegExp(SHARED_TOKEN_PATTERN).test(credential.token))
      return refuse(
        '$.payment_data.instrument.credential.token',
        'The token is a Stripe shared payment token (spt_ and up to 250 letters, digits or underscores).',
      );
    return { ok: true, payment: { kind: 'delegated-token', token: credential.token } };
  }
  if (typeof credential.token !== 'string')
    return refuse('$.payment_data.instrument.credential.token', 'The sandbox handler pays with a test token.');
  const known = (SANDBOX_PAYMENT_TOKENS as readonly string[]).includes(credential.token);
  return { ok: true, payment: { kind: 'sandbox-token', token: known ? credential.token : 'fail_token' } };
}
