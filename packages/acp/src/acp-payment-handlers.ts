import { SANDBOX_PAYMENT_TOKENS, type Commerce, type Environment } from '@grocery/core';
import { acpError, type AcpProtocolError } from './acp-error.ts';
import { isJsonObject, type AcpPaymentHandler, type JsonObject } from './acp-types.ts';
import { ACP_VERSION } from './acp-version.ts';

/** The sandbox handler: complete with `credential.token` `success_token` (paid) or `fail_token` (declined). */
export const SANDBOX_HANDLER_ID = 'sandbox_token';
/** The payment page: complete escalates to the order's payment page (`continue_url`), Stripe Checkout in production. */
export const PAYMENT_PAGE_HANDLER_ID = 'payment_page';

type HandlerId = typeof SANDBOX_HANDLER_ID | typeof PAYMENT_PAGE_HANDLER_ID;

/** How core's `complete` pays: a sandbox token, or the order's payment page. */
export type SessionPayment = Parameters<Commerce['sessions']['complete']>[2];

/** Where a handler's documents live: its schemas under the agent base, its spec in the guide. */
export interface HandlerUrls {
  agentBase: string;
  docsUrl: string;
}

/** The path (under the agent base) of a handler's config or instrument schema, which the REST handler serves. */
function handlerSchemaPath(id: string, kind: 'config' | 'instrument'): string {
  return `/acp/handlers/${id}/${kind}.schema.json`;
}

/** The handlers a session of `environment` offers: the sandbox handler in sandbox, the payment page in both. */
export function paymentHandlers(environment: Environment, urls: HandlerUrls): AcpPaymentHandler[] {
  const handler = (id: HandlerId, fields: Pick<AcpPaymentHandler, 'name' | 'display_name' | 'psp' | 'config'>) => ({
    id,
    ...fields,
    version: ACP_VERSION,
    spec: urls.docsUrl,
    requires_delegate_payment: false,
    requires_pci_compliance: false,
    config_schema: `${urls.agentBase}${handlerSchemaPath(id, 'config')}`,
    instrument_schemas: [`${urls.agentBase}${handlerSchemaPath(id, 'instrument')}`],
    display_order: id === SANDBOX_HANDLER_ID ? 0 : 1,
  });
  const page = handler(PAYMENT_PAGE_HANDLER_ID, {
    name: 'shop.partner_grocery.payment_page',
    display_name: environment === 'sandbox' ? 'Payment page (sandbox)' : 'Card or PromptPay on the payment page',
    psp: environment === 'sandbox' ? 'sandbox' : 'stripe',
    config: { environment },
  });
  if (environment !== 'sandbox') return [page];
  const sandbox = handler(SANDBOX_HANDLER_ID, {
    name: 'shop.partner_grocery.sandbox_token',
    display_name: 'Sandbox test token',
    psp: 'sandbox',
    config: { environment, supported_tokens: [...SANDBOX_PAYMENT_TOKENS] },
  });
  return [sandbox, page];
}

/** The JSON Schemas a handler's `config_schema` and `instrument_schemas` name; null for an unknown one. */
export function handlerSchema(id: string, kind: string): JsonObject | null {
  if (kind === 'config' && (id === SANDBOX_HANDLER_ID || id === PAYMENT_PAGE_HANDLER_ID))
    return {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      required: ['environment'],
      properties: {
        environment: { enum: ['sandbox', 'production'] },
        supported_tokens: { type: 'array', items: { enum: [...SANDBOX_PAYMENT_TOKENS] } },
      },
    };
  if (kind !== 'instrument') return null;
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
 * `fail_token` is), the payment page escalates. Production sessions offer only the payment page.
 */
export function paymentOf(
  body: JsonObject,
  environment: Environment,
): { ok: true; payment: SessionPayment } | { ok: false; error: AcpProtocolError } {
  const refuse = (param: string, message: string) => ({
    ok: false as const,
    error: acpError(400, 'invalid', message, { param }),
  });
  const data = body.payment_data;
  if (!isJsonObject(data)) return refuse('$.payment_data', 'payment_data names the handler that pays.');
  const offered: readonly string[] =
    environment === 'sandbox' ? [SANDBOX_HANDLER_ID, PAYMENT_PAGE_HANDLER_ID] : [PAYMENT_PAGE_HANDLER_ID];
  if (typeof data.handler_id !== 'string' || !offered.includes(data.handler_id))
    return refuse('$.payment_data.handler_id', `handler_id is one of the session's handlers: ${offered.join(', ')}.`);
  if (data.handler_id === PAYMENT_PAGE_HANDLER_ID) return { ok: true, payment: { kind: 'payment-page' } };
  const instrument = isJsonObject(data.instrument) ? data.instrument : {};
  const credential = isJsonObject(instrument.credential) ? instrument.credential : {};
  if (typeof credential.token !== 'string')
    return refuse('$.payment_data.instrument.credential.token', 'The sandbox handler pays with a test token.');
  const known = (SANDBOX_PAYMENT_TOKENS as readonly string[]).includes(credential.token);
  return { ok: true, payment: { kind: 'sandbox-token', token: known ? credential.token : 'fail_token' } };
}
