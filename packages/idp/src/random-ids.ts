import { randomBytes, randomInt } from 'node:crypto';

const CLIENT_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A Cognito-like app client id: 26 characters of [a-z0-9] (about 134 bits). */
export function newClientId(): string {
  let id = '';
  for (let i = 0; i < 26; i++) id += CLIENT_ID_ALPHABET[randomInt(CLIENT_ID_ALPHABET.length)];
  return id;
}

/** A six-digit code from the CSPRNG, zero-padded (000000 to 999999 equally likely). */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** An opaque bearer secret (refresh tokens, challenge sessions): 256 bits, base64url. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}
