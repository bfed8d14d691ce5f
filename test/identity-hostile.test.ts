/**
 * Id tokens an attacker (or a misconfigured issuer) could present: minted for the future, or to live
 * longer than the pool issues them, signed with the pool's own key so that only those claims are
 * wrong; and the Authorization scheme in any case.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeJwt, decodeProtectedHeader, importJWK, type JWK, SignJWT } from 'jose';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const BASKET = '{ basket { basketId } }';

describe('id tokens with hostile claims', () => {
  let t: TestSystem;
  let idToken: string;

  before(async () => {
    t = await startTestSystem({ productCount: 200 });
    ({ idToken } = await t.signUpShopper());
  });
  after(async () => t?.close());

  /** The pool's own token with `iat` and `exp` changed, signed again with the pool's current key. */
  async function resigned(claims: { iat: number; exp: number }): Promise<string> {
    const header = decodeProtectedHeader(idToken);
    const { rows } = await t.system.db.query<{ private_jwk: JWK }>('SELECT private_jwk FROM idp_signing_keys WHERE kid = $1', [header.kid]);
    const key = await importJWK(rows[0]!.private_jwk, 'RS256');
    return new SignJWT({ ...decodeJwt(idToken), ...claims }).setProtectedHeader({ alg: 'RS256', kid: header.kid!, typ: 'JWT' }).sign(key);
  }
  const code = async (token: string, scheme = 'Bearer') => (await t.graphql(BASKET, {}, { headers: { authorization: `${scheme} ${token}` } })).errors?.[0]?.extensions?.code ?? 'OK';

  test('a token issued in the future (beyond five minutes of skew) or living longer than an hour is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    assert.equal(await code(await resigned({ iat: now - 60, exp: now + 3_540 })), 'OK', 'the resigning itself is sound');
    assert.equal(await code(await resigned({ iat: now + 120, exp: now + 3_600 })), 'OK', 'a clock two minutes ahead is tolerated');
    assert.equal(await code(await resigned({ iat: now + 3_600, exp: now + 7_200 })), 'UNAUTHENTICATED', 'iat an hour ahead');
    assert.equal(await code(await resigned({ iat: now + 400, exp: now + 3_000 })), 'UNAUTHENTICATED', 'iat beyond the five minutes of skew');
    assert.equal(await code(await resigned({ iat: now - 60, exp: now + 30 * 86_400 })), 'UNAUTHENTICATED', 'a thirty-day id token');
    assert.equal(await code(await resigned({ iat: now - 60, exp: now + 3_600 })), 'UNAUTHENTICATED', 'an hour and a minute');
  });

  test('the Authorization scheme is case-insensitive (RFC 9110); anything else is still refused', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) assert.equal(await code(idToken, scheme), 'OK', scheme);
    for (const scheme of ['Basic', 'Bearer:', 'Token']) assert.equal(await code(idToken, scheme), 'UNAUTHENTICATED', scheme);
    const admin = await fetch(`${t.baseUrl}/admin/partners`, { headers: { authorization: `bearer ${t.adminToken}` } });
    assert.equal(admin.status, 200, 'the admin token too');
  });
});
