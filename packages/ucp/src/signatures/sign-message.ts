import { sign } from 'node:crypto';
import {
  serializeDictionary,
  serializeInnerList,
  type BareItem,
  type Item,
  type Parameters as FieldParameters,
} from 'structured-headers';
import { createContentDigest } from '../content-digest.ts';
import {
  hasBody,
  headerRecord,
  headerValue,
  signatureBase,
  type BaseMessage,
  type SignableRequest,
  type SignableResponse,
} from './signature-base.ts';
import { algorithmSpecOf, importPrivateKey, type PrivateSigningJwk } from './signing-keys.ts';

export interface SignMessageOptions {
  /** The signer's private key; its `kid` is the signature's `keyid`, its curve the algorithm. */
  key: PrivateSigningJwk;
  /** The `created` parameter (default now); `null` leaves it out, which UCP allows. */
  created?: Date | null;
  /** An `expires` parameter, when the signature should lapse. */
  expires?: Date;
  /** The signature's label in the dictionaries (default `sig1`, as UCP's examples). */
  label?: string;
  /**
   * The covered components, instead of the ones UCP requires for this message (signatures.md
   * "Signed Components"); `content-digest` is always computed from the body.
   */
  components?: readonly string[];
}

/** The header fields a signature adds to its message; `content-digest` when the message has a body. */
export interface SignatureFields {
  'content-digest'?: string;
  'signature-input': string;
  signature: string;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** The components UCP requires on a request (signatures.md "REST Request Signing"). */
export function requiredRequestComponents(
  request: SignableRequest,
  headers: Record<string, string | string[]>,
): string[] {
  const url = typeof request.url === 'string' ? new URL(request.url) : request.url;
  const components = ['@method', '@authority', '@path'];
  if (url.search !== '') components.push('@query');
  if (headers['ucp-agent'] !== undefined) components.push('ucp-agent');
  if (headers['idempotency-key'] !== undefined && STATE_CHANGING.has(request.method.toUpperCase()))
    components.push('idempotency-key');
  if (hasBody(request.body)) components.push('content-digest', 'content-type');
  return components;
}

/** The components UCP requires on a response (signatures.md "REST Response Signing"). */
export function requiredResponseComponents(response: SignableResponse): string[] {
  return hasBody(response.body) ? ['@status', 'content-digest', 'content-type'] : ['@status'];
}

function signatureParameters(options: SignMessageOptions): FieldParameters {
  const parameters: FieldParameters = new Map();
  const created = options.created === undefined ? new Date() : options.created;
  if (created !== null) parameters.set('created', Math.floor(created.getTime() / 1000));
  if (options.expires) parameters.set('expires', Math.floor(options.expires.getTime() / 1000));
  parameters.set('keyid', options.key.kid);
  return parameters;
}

function signWith(
  components: readonly string[],
  message: BaseMessage,
  body: Uint8Array | string | undefined,
  options: SignMessageOptions,
): SignatureFields {
  const spec = algorithmSpecOf(options.key);
  const fields: Partial<SignatureFields> = {};
  if (hasBody(body)) {
    fields['content-digest'] = createContentDigest(body);
    message.headers['content-digest'] = fields['content-digest'];
  }
  for (const component of components)
    if (!component.startsWith('@') && headerValue(message.headers, component) === undefined)
      throw new TypeError(`cannot sign ${component}: the message has no such header`);
  const items: Item[] = [];
  for (const name of components) items.push([name, new Map<string, BareItem>()]);
  const input = serializeInnerList([items, signatureParameters(options)]);
  const base = signatureBase(components, input, message);
  const value = sign(spec.hash, Buffer.from(base), { key: importPrivateKey(options.key), dsaEncoding: 'ieee-p1363' });
  const label = options.label ?? 'sig1';
  return {
    ...fields,
    'signature-input': `${label}=${input}`,
    signature: serializeDictionary({ [label]: value }),
  };
}

/**
 * Signs a request the UCP way (RFC 9421, ES256): covers `@method @authority @path`, `@query` when
 * the URL has one, `ucp-agent` and (on POST/PUT/DELETE/PATCH) `idempotency-key` when present, and
 * `content-digest content-type` when there is a body. Returns the header fields to add to the request.
 *
 * @example
 * const fields = signRequest({ method: 'POST', url, headers, body }, { key: privateJwk });
 * await fetch(url, { method: 'POST', headers: { ...headers, ...fields }, body });
 */
export function signRequest(request: SignableRequest, options: SignMessageOptions): SignatureFields {
  const headers = headerRecord(request.headers);
  const components = options.components ?? requiredRequestComponents(request, headers);
  return signWith(
    components,
    { kind: 'request', method: request.method, url: request.url, headers },
    request.body,
    options,
  );
}

/**
 * Signs a response (UCP recommends it on complete): covers `@status` and, with a body,
 * `content-digest content-type`. Returns the header fields to add. Webhooks are requests: `signRequest`.
 *
 * @example
 * Object.assign(response.headers, signResponse({ status: 200, headers: response.headers, body }, { key }));
 */
export function signResponse(response: SignableResponse, options: SignMessageOptions): SignatureFields {
  const headers = headerRecord(response.headers);
  const components = options.components ?? requiredResponseComponents(response);
  return signWith(components, { kind: 'response', status: response.status, headers }, response.body, options);
}
