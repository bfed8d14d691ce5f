import {
  isInnerList,
  parseDictionary,
  serializeInnerList,
  type BareItem,
  type Dictionary,
  type InnerList,
} from 'structured-headers';
import { UcpError } from '../ucp-error.ts';
import { headerValue } from './signature-base.ts';

/** One signature of a message, read from its `Signature-Input` and `Signature` members. */
export interface ParsedSignature {
  label: string;
  /** Covered component names, in order (`@method`, `content-digest`, …). */
  components: string[];
  /** The member value of Signature-Input, serialised: the `@signature-params` of the base. */
  signatureParams: string;
  keyid: string;
  alg: string | undefined;
  created: number | undefined;
  expires: number | undefined;
  /** The raw signature bytes. */
  signature: Uint8Array;
}

/** Longest Signature or Signature-Input field accepted: one ES256 signature needs a few hundred bytes. */
const MAX_FIELD_LENGTH = 8192;
const DERIVED = new Set([
  '@method',
  '@authority',
  '@path',
  '@query',
  '@status',
  '@scheme',
  '@target-uri',
  '@request-target',
]);
const FIELD_NAME = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;

function invalid(content: string, cause?: unknown): UcpError {
  return new UcpError('signature_invalid', content, { cause });
}

function parseField(name: string, value: string): Dictionary {
  if (value.length > MAX_FIELD_LENGTH) throw invalid(`${name} is longer than ${MAX_FIELD_LENGTH} characters.`);
  try {
    return parseDictionary(value);
  } catch (error) {
    throw invalid(`${name} is not an RFC 8941 dictionary.`, error);
  }
}

function componentsOf(list: InnerList): string[] {
  const seen = new Set<string>();
  for (const [name, parameters] of list[0]) {
    if (typeof name !== 'string') throw invalid('Signature-Input components must be quoted strings.');
    if (parameters.size > 0) throw invalid(`Component parameters (${name};…) are not supported.`);
    if (name.startsWith('@') ? !DERIVED.has(name) : !FIELD_NAME.test(name))
      throw invalid(`Signature-Input covers an unknown component "${name}".`);
    if (seen.has(name)) throw invalid(`Signature-Input covers "${name}" twice.`);
    seen.add(name);
  }
  return [...seen];
}

function integerParameter(list: InnerList, name: string): number | undefined {
  const value: BareItem | undefined = list[1].get(name);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw invalid(`Signature-Input ${name} must be a non-negative integer (seconds since the epoch).`);
  return value;
}

function stringParameter(list: InnerList, name: string): string | undefined {
  const value: BareItem | undefined = list[1].get(name);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Signature-Input ${name} must be a quoted string.`);
  return value;
}

/** The label to verify: the one asked for, else `sig1`, else the first of Signature-Input. */
function chooseLabel(inputs: Dictionary, label: string | undefined): string {
  const chosen = label ?? (inputs.has('sig1') ? 'sig1' : inputs.keys().next().value);
  if (chosen === undefined || !inputs.has(chosen))
    throw new UcpError('signature_missing', `Signature-Input has no signature labelled ${chosen ?? 'sig1'}.`);
  return chosen;
}

/**
 * Reads the signature to verify from a message's header record: `signature_missing` (401) when a
 * field or the label is absent, `signature_invalid` (401) when they do not parse as RFC 9421 says.
 */
export function parseSignatureFields(headers: Record<string, string | string[]>, label?: string): ParsedSignature {
  const inputField = headerValue(headers, 'signature-input');
  const signatureField = headerValue(headers, 'signature');
  if (inputField === undefined && signatureField === undefined)
    throw new UcpError('signature_missing', 'The message has no Signature-Input and Signature headers.');
  if (inputField === undefined) throw new UcpError('signature_missing', 'The message has no Signature-Input header.');
  if (signatureField === undefined) throw new UcpError('signature_missing', 'The message has no Signature header.');
  const inputs = parseField('Signature-Input', inputField);
  const signatures = parseField('Signature', signatureField);
  const chosen = chooseLabel(inputs, label);
  const input = inputs.get(chosen)!;
  if (!isInnerList(input)) throw invalid(`Signature-Input ${chosen} must be an inner list of components.`);
  const signature = signatures.get(chosen);
  if (signature === undefined) throw new UcpError('signature_missing', `Signature has no member ${chosen}.`);
  if (isInnerList(signature) || !(signature[0] instanceof ArrayBuffer))
    throw invalid(`Signature ${chosen} must be a byte sequence (:base64:).`);
  const keyid = stringParameter(input, 'keyid');
  if (keyid === undefined || keyid === '') throw invalid(`Signature-Input ${chosen} has no keyid.`);
  return {
    label: chosen,
    components: componentsOf(input),
    signatureParams: serializeInnerList(input),
    keyid,
    alg: stringParameter(input, 'alg'),
    created: integerParameter(input, 'created'),
    expires: integerParameter(input, 'expires'),
    signature: new Uint8Array(signature[0]),
  };
}
