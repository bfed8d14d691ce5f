import { z } from 'zod';
import type { SigningJwk } from './signatures/signing-keys.ts';

/**
 * The UCP discovery profile (`discovery/profile_schema.json` of release 2026-04-08) as zod: a
 * platform profile or a business profile. Written from the official JSON Schema rather than loading
 * it, because its `$ref`s do not resolve against its own `$id` and the package would have to ship
 * the schema files; test/profile-schema.test.ts checks that both accept and refuse the same documents.
 */

/** A dated UCP version, `YYYY-MM-DD`. */
const version = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A reverse-domain name, the key of services, capabilities and payment handlers. */
const reverseDomain = z.string().regex(/^[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+$/);
/** JSON Schema's `format: uri`: an absolute URI. */
const uri = z.string().refine((value) => /^[a-z][a-z0-9+.-]*:\S+$/i.test(value) && URL.canParse(value), 'not a URI');

const entityShape = {
  version,
  spec: uri.optional(),
  schema: uri.optional(),
  id: z.string().optional(),
  config: z.looseObject({}).optional(),
};

/** A service, capability or payment handler as every profile shape has it (`ucp.json#/$defs/entity`). */
export interface UcpEntity {
  version: string;
  spec?: string | undefined;
  schema?: string | undefined;
  id?: string | undefined;
  config?: Record<string, unknown> | undefined;
}

/** A transport binding of a service (`service.json`). */
export interface UcpService extends UcpEntity {
  transport: 'rest' | 'mcp' | 'a2a' | 'embedded';
  endpoint?: string | undefined;
}

/** A capability or extension (`capability.json`); `extends` names the parent(s) of an extension. */
export interface UcpCapability extends UcpEntity {
  extends?: string | string[] | undefined;
}

/** A payment handler (`payment_handler.json`). */
export interface UcpPaymentHandler extends UcpEntity {
  id: string;
  available_instruments?: { type: string; constraints?: Record<string, unknown> | undefined }[] | undefined;
}

/** A validated discovery profile: a platform's (the caller's) or a business's. */
export interface UcpProfile {
  ucp: {
    version: string;
    status?: 'success' | 'error' | undefined;
    /** Business profiles: older protocol versions and the profile URI of each (unchecked on platforms). */
    supported_versions?: unknown;
    services: Record<string, UcpService[]>;
    capabilities?: Record<string, UcpCapability[]> | undefined;
    payment_handlers: Record<string, UcpPaymentHandler[]>;
  };
  signing_keys?: SigningJwk[] | undefined;
}

type Side = 'platform' | 'business';

const transport = z.enum(['rest', 'mcp', 'a2a', 'embedded']);
const embeddedConfig = z.looseObject({
  delegate: z.array(z.string()).optional(),
  color_scheme: z.array(z.enum(['light', 'dark'])).optional(),
});

/** `service.json`: a platform names `spec` and (but for a2a) `schema`; a business names its `endpoint`. */
function service(side: Side) {
  return z.looseObject({ ...entityShape, transport, endpoint: uri.optional() }).superRefine((value, context) => {
    const missing = (field: string) =>
      context.addIssue({ code: 'custom', path: [field], message: `required for ${value.transport}` });
    if (side === 'platform') {
      if (value.spec === undefined) missing('spec');
      if (value.transport !== 'a2a' && value.schema === undefined) missing('schema');
    } else if (value.transport === 'embedded') {
      if (value.config !== undefined && !embeddedConfig.safeParse(value.config).success)
        context.addIssue({ code: 'custom', path: ['config'], message: 'not an embedded transport config' });
    } else if (value.endpoint === undefined) missing('endpoint');
  });
}

const extendsField = z.union([reverseDomain, z.array(reverseDomain).min(1)]);
/** What a platform's capabilities and payment handlers must name besides a business's. */
const described = { spec: uri, schema: uri };

/** `capability.json`: a platform names `spec` and `schema`. */
function capability(side: Side) {
  const base = z.looseObject({ ...entityShape, extends: extendsField.optional() });
  return side === 'business' ? base : base.extend(described);
}

const availableInstrument = z.looseObject({
  type: z.string(),
  constraints: z
    .looseObject({})
    .refine((value) => Object.keys(value).length > 0, 'must not be empty')
    .optional(),
});

/** `payment_handler.json`: an `id`, and on a platform `spec` and `schema`. */
function paymentHandler(side: Side) {
  const base = z.looseObject({
    ...entityShape,
    id: z.string(),
    available_instruments: z.array(availableInstrument).min(1).optional(),
  });
  return side === 'business' ? base : base.extend(described);
}

function registry<T extends z.ZodType>(item: T) {
  return z.record(reverseDomain, z.array(item));
}

function ucpMetadata(side: Side) {
  return z.looseObject({
    version,
    status: z.enum(['success', 'error']).optional(),
    ...(side === 'business' ? { supported_versions: z.record(version, uri).optional() } : {}),
    services: registry(service(side)),
    capabilities: registry(capability(side)).optional(),
    payment_handlers: registry(paymentHandler(side)),
  });
}

const signingKey = z.looseObject({
  kid: z.string(),
  kty: z.string(),
  crv: z.string().optional(),
  x: z.string().optional(),
  y: z.string().optional(),
  n: z.string().optional(),
  e: z.string().optional(),
  use: z.enum(['sig', 'enc']).optional(),
  alg: z.string().optional(),
});

function profile(side: Side) {
  return z.looseObject({ ucp: ucpMetadata(side), signing_keys: z.array(signingKey).optional() });
}

/** A platform profile or a business profile, as `profile_schema.json`'s `anyOf` says. */
export const profileSchema: z.ZodType<UcpProfile> = z.union([profile('platform'), profile('business')]);
