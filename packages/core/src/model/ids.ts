import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomFrom(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** An opaque id with a type prefix, e.g. `bsk_4f9c…` (16 random bytes). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('hex')}`;
}

/**
 * An order id: two-letter prefix, the date (yymmdd) and seven random digits, a hyphen and a
 * four-character suffix, e.g. `PA2611220000123-K7QD`.
 */
export function newOrderId(nowMs: number): string {
  const date = new Date(nowMs).toISOString().slice(2, 10).replaceAll('-', '');
  return `PA${date}${String(randomInt(10_000_000)).padStart(7, '0')}-${randomFrom(CROCKFORD, 4)}`;
}

export const ORDER_ID_PATTERN = /^[A-Z]{2}[0-9]{13}-[0-9A-Z]{4}$/;

/** A secret token: 32 bytes from the CSPRNG, base64url (43 characters). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A partner key: `pk_test_` or `pk_live_` and 32 base62 characters (≈190 bits). */
export function newPartnerKey(environment: 'sandbox' | 'production'): string {
  return `${environment === 'sandbox' ? 'pk_test_' : 'pk_live_'}${randomFrom(BASE62, 32)}`;
}

export const PARTNER_KEY_PATTERN = /^pk_(test|live)_[0-9A-Za-z]{32}$/;

/** The part of a partner key that is safe to show and log: `pk_test_AbCd`. */
export function partnerKeyPrefix(key: string): string {
  return key.slice(0, 12);
}

/** Lowercase hex SHA-256: how secrets (keys, tokens) are stored. */
export function sha256Hex(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compares two hex digests without leaking where they differ. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
