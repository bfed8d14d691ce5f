import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

/** The official ACP 2026-04-17 files, beside the repository (`../shared/protocols`). */
const ACP_SPEC = fileURLToPath(new URL('../../../../../shared/protocols/acp-2026-04-17/', import.meta.url));
/** The project's own document of its ACP surface. */
const OWN_DOCUMENT = fileURLToPath(new URL('../../../../openapi/acp.yaml', import.meta.url));

type Json = Record<string, unknown>;

/** Validators of the official schemas, and of openapi/acp.yaml, for every kind of body this package sends. */
export interface AcpValidators {
  checkoutSession: ValidateFunction;
  checkoutSessionWithOrder: ValidateFunction;
  error: ValidateFunction;
  discovery: ValidateFunction;
  /** A webhook body: the webhook OpenAPI's `WebhookEvent` (its `Order` from the checkout OpenAPI). */
  webhookEvent: ValidateFunction;
  /** The same bodies against the project's own openapi/acp.yaml. */
  own: Record<
    'CheckoutSession' | 'CheckoutSessionWithOrder' | 'Error' | 'DiscoveryResponse' | 'WebhookEvent',
    ValidateFunction
  >;
}

let loaded: AcpValidators | null = null;

function newAjv(): Ajv2020 {
  // ajv-formats is CommonJS; its default export arrives as the module object under ESM.
  const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
    addFormatsModule) as unknown as (ajv: Ajv2020) => void;
  // Not strict: the documents carry `example` and other annotations Ajv does not know.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

/** Loads the JSON Schema bundle, both OpenAPI documents of the webhook and openapi/acp.yaml, once. */
export function acpValidators(): AcpValidators {
  if (loaded) return loaded;
  assert.ok(existsSync(ACP_SPEC), `The official ACP files are expected at ${ACP_SPEC}`);
  const ajv = newAjv();
  const bundle = JSON.parse(readFileSync(`${ACP_SPEC}json-schema/schema.agentic_checkout.json`, 'utf8')) as Json;
  ajv.addSchema(bundle);
  const id = bundle.$id as string;
  // The webhook document refers to ./openapi.agentic_checkout.yaml: both are loaded under ids that resolve so.
  const base = 'https://acp.test/openapi/';
  for (const name of ['openapi.agentic_checkout.yaml', 'openapi.agentic_checkout_webhook.yaml']) {
    const document = parse(readFileSync(`${ACP_SPEC}openapi/${name}`, 'utf8')) as Json;
    ajv.addSchema({ $id: `${base}${name}`, components: document.components });
  }
  const own = parse(readFileSync(OWN_DOCUMENT, 'utf8')) as Json;
  const ownAjv = newAjv();
  ownAjv.addSchema({ $id: 'https://acp.test/own/acp.yaml', components: own.components });
  const ownOf = (name: string) => ownAjv.compile({ $ref: `https://acp.test/own/acp.yaml#/components/schemas/${name}` });
  loaded = {
    checkoutSession: ajv.compile({ $ref: `${id}#/$defs/CheckoutSession` }),
    checkoutSessionWithOrder: ajv.compile({ $ref: `${id}#/$defs/CheckoutSessionWithOrder` }),
    error: ajv.compile({ $ref: `${id}#/$defs/Error` }),
    discovery: ajv.compile({ $ref: `${id}#/$defs/DiscoveryResponse` }),
    webhookEvent: ajv.compile({
      $ref: `${base}openapi.agentic_checkout_webhook.yaml#/components/schemas/WebhookEvent`,
    }),
    own: {
      CheckoutSession: ownOf('CheckoutSession'),
      CheckoutSessionWithOrder: ownOf('CheckoutSessionWithOrder'),
      Error: ownOf('Error'),
      DiscoveryResponse: ownOf('DiscoveryResponse'),
      WebhookEvent: ownOf('WebhookEvent'),
    },
  };
  return loaded;
}

/** Asserts that `body` is valid for `validate`, showing Ajv's errors when it is not. */
export function assertValid(validate: ValidateFunction, body: unknown, what: string): void {
  const ok = validate(body);
  assert.ok(ok, `${what} does not match its schema: ${JSON.stringify(validate.errors?.slice(0, 8), null, 1)}`);
}

/** Totals that add up exactly, as checkers assert: base − item discounts = subtotal; subtotal − discount + fulfillment + fee = total. */
export function assertTotalsAddUp(totals: readonly { type: string; amount: number }[], what = 'totals'): void {
  const sum = (type: string) => totals.filter((t) => t.type === type).reduce((s, t) => s + t.amount, 0);
  const count = (type: string) => totals.filter((t) => t.type === type).length;
  assert.equal(count('total'), 1, `${what}: one total`);
  assert.ok(count('tax') === 0, `${what}: no additive tax (prices include VAT)`);
  for (const t of totals)
    assert.ok(Number.isInteger(t.amount) && t.amount >= 0, `${what}: ${t.type} is unsigned satang`);
  if (count('items_base_amount') > 0)
    assert.equal(
      sum('items_base_amount') - sum('items_discount'),
      sum('subtotal'),
      `${what}: items add up to subtotal`,
    );
  assert.equal(
    sum('subtotal') - sum('discount') + sum('fulfillment') + sum('fee'),
    sum('total'),
    `${what}: add up to total`,
  );
}

/** A checkout session body, valid against the official schema (with its order when it has one) and openapi/acp.yaml; totals add up. */
export function assertSession(body: unknown, what = 'The session'): Json {
  const v = acpValidators();
  const json = body as Json;
  const withOrder = json.order !== undefined;
  assertValid(withOrder ? v.checkoutSessionWithOrder : v.checkoutSession, body, `${what} (official)`);
  assertValid(withOrder ? v.own.CheckoutSessionWithOrder : v.own.CheckoutSession, body, `${what} (openapi/acp.yaml)`);
  assertTotalsAddUp(json.totals as { type: string; amount: number }[], `${what} totals`);
  for (const line of json.line_items as { totals: { type: string; amount: number }[] }[])
    assertTotalsAddUp(line.totals, `${what} line totals`);
  if (withOrder)
    assertTotalsAddUp((json.order as Json).totals as { type: string; amount: number }[], `${what} order totals`);
  return json;
}

/** A protocol error body, valid against ACP's `Error` and openapi/acp.yaml. */
export function assertError(body: unknown, code?: string): Json {
  const v = acpValidators();
  assertValid(v.error, body, 'The error (official)');
  assertValid(v.own.Error, body, 'The error (openapi/acp.yaml)');
  if (code !== undefined) assert.equal((body as Json).code, code, JSON.stringify(body));
  return body as Json;
}
