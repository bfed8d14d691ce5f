/**
 * The credential of an `Authorization: Bearer <credential>` header, or null. The scheme is
 * case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` are the same scheme.
 *
 * @example
 * bearerCredential('bearer abc.def'); // 'abc.def'
 */
export function bearerCredential(header: string | undefined): string | null {
  const match = /^bearer +(\S+)$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
