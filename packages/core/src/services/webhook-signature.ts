import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_PATTERN = /^sha256=([0-9a-f]{64})$/;

/**
 * The signature of a webhook body: `sha256=` and the lowercase hex HMAC-SHA256 of the raw body,
 * keyed with the secret's UTF-8 bytes (GitHub's format, DESIGN.md §4).
 *
 * @example
 * signWebhookBody('whsec_…', '{"id":"evt_…"}') // 'sha256=5f1c…'
 */
export function signWebhookBody(secret: string, body: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Whether `header` is the signature of `body` under `secret`, compared in constant time. A missing
 * or malformed header is simply not valid.
 *
 * @example
 * verifyWebhookSignature(secret, rawBody, request.headers['x-grocer-signature'])
 */
export function verifyWebhookSignature(secret: string, body: string | Uint8Array, header: string | undefined): boolean {
  const given = header === undefined ? null : SIGNATURE_PATTERN.exec(header.trim());
  if (!given) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(Buffer.from(given[1]!, 'hex'), expected);
}
