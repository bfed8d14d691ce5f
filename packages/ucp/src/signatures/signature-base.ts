import { httpbis, type Request as LibraryRequest, type Response as LibraryResponse } from 'http-message-signatures';

/** Header fields of a message: a web `Headers`, or a record (names in any case; absent as undefined). */
export type HeaderFields = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * A request as RFC 9421 sees it. `url` is the target URI as the client addressed it (scheme, the
 * Host it called, path and raw query): `@authority`, `@path` and `@query` are derived from it.
 */
export interface SignableRequest {
  method: string;
  url: string | URL;
  headers: HeaderFields;
  /** The raw body bytes (a string counts as UTF-8); absent or empty when there is none. */
  body?: Uint8Array | string | undefined;
}

/** A response as RFC 9421 sees it: `@status` and its header fields. */
export interface SignableResponse {
  status: number;
  headers: HeaderFields;
  body?: Uint8Array | string | undefined;
}

/** Header fields as a record with lower-case names, as the signature base reads them. */
export function headerRecord(headers: HeaderFields): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  if (headers instanceof Headers) {
    headers.forEach((value, name) => (record[name] = value));
    return record;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    const values = typeof value === 'string' ? [value] : [...value];
    const previous = record[key];
    record[key] = previous === undefined ? (values.length === 1 ? values[0]! : values) : [previous, values].flat();
  }
  return record;
}

/** One header field's value (several combined with `, `), or undefined when the message lacks it. */
export function headerValue(headers: Record<string, string | string[]>, name: string): string | undefined {
  const value = headers[name];
  return value === undefined ? undefined : typeof value === 'string' ? value : value.join(', ');
}

/** True when a message carries a body: an empty one signs like none. */
export function hasBody(body: Uint8Array | string | undefined): body is Uint8Array | string {
  return body !== undefined && body.length > 0;
}

/** A message with its header fields already as a lower-case record. */
export type BaseMessage =
  | { kind: 'request'; method: string; url: string | URL; headers: Record<string, string | string[]> }
  | { kind: 'response'; status: number; headers: Record<string, string | string[]> };

/**
 * The RFC 9421 signature base (§2.5) of `components` over a message, ending with the
 * `@signature-params` line whose value is `signatureParams` (the serialised Signature-Input member).
 * Component values are derived by the http-message-signatures library; a component the message
 * lacks throws a plain Error, which callers turn into their own failure.
 */
export function signatureBase(components: readonly string[], signatureParams: string, message: BaseMessage): string {
  const fields = [...components];
  const lines =
    message.kind === 'request'
      ? httpbis.createSignatureBase({ fields }, {
          method: message.method,
          url: message.url,
          headers: message.headers,
        } satisfies LibraryRequest)
      : httpbis.createSignatureBase({ fields }, {
          status: message.status,
          headers: message.headers,
        } satisfies LibraryResponse);
  const covered = lines.length === 0 ? '' : `${httpbis.formatSignatureBase(lines)}\n`;
  return `${covered}"@signature-params": ${signatureParams}`;
}
