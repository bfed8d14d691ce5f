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
    const { rows } = await t.system.db.query<{ private_jwk: JWK }>(
      'SELECT private_jwk FROM idp_signing_keys WHERE kid = $1',
      [header.kid],
    );
    const key = await importJWK(rows[0]!.private_jwk, 'RS256');
    return new SignJWT({ ...decodeJwt(idToken), ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: header.kid!, typ: 'JWT' })
      .sign(key);
  }
  const code = async (token: string, scheme = 'Bearer') =>
    (await t.graphql(BASKET, {}, { headers: { authorization: `${scheme} ${token}` } })).errors?.[0]?.extensions?.code ??
    'OK';

  test('a token issued in the future (beyond five minutes of skew) or living longer than an hour is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    assert.equal(
      await code(await resigned({ iat: now - 60, exp: now + 3_540 })),
      'OK',
      'the resigning itself is sound',
    );
    assert.equal(
      await code(await resigned({ iat: now + 120, exp: now + 3_600 })),
      'OK',
      'a clock two minutes ahead is tolerated',
    );
    assert.equal(
      await code(await resigned({ iat: now + 3_600, exp: now + 7_200 })),
      'UNAUTHENTICATED',
      'iat an hour ahead',
    );
    assert.equal(
      await code(await resigned({ iat: now + 400, exp: now + 3_000 })),
      'UNAUTHENTICATED',
      'iat beyond the five minutes of skew',
    );
    assert.equal(
      await code(await resigned({ iat: now - 60, exp: now + 30 * 86_400 })),
      'UNAUTHENTICATED',
      'a thirty-day id token',
    );
    assert.equal(
      await code(await resigned({ iat: now - 60, exp: now + 3_600 })),
      'UNAUTHENTICATED',
      'an hour and a minute',
    );
  });

  test('the Authorization scheme is case-insensitive (RFC 9110); anything else is still refused', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR'])
      assert.equal(await code(idToken, scheme), 'OK', scheme);
    for (const scheme of ['Basic', 'Bearer:', 'Token'])
      assert.equal(await code(idToken, scheme), 'UNAUTHENTICATED', scheme);
    const admin = await fetch(`${t.baseUrl}/admin/partners`, { headers: { authorization: `bearer ${t.adminToken}` } });
    assert.equal(admin.status, 200, 'the admin token too');
  });

  test('a shopper keeps the basket across a key rotation; the other environment and another partner see none of it', async () => {
    const branchCode = (await t.system.commerce.branches.list())[0]!.branchCode;
    const cprcode = (
      await t.graphql<{ products: { nodes: { cprcode: string }[] } }>(
        'query($b: ID!) { products(first: 1, branchCode: $b, filter: { pricedOnly: true }) { nodes { cprcode } } }',
        {
          b: branchCode,
        },
      )
    ).data!.products.nodes[0]!.cprcode;
    const created = (await t.admin('POST', '/admin/partners', { name: 'Rotating Partner', environment: 'sandbox' }))
      .body as {
      partnerId: string;
      partnerKey: string;
      clientId: string;
    };
    const { idToken: token } = await t.signUpShopper(undefined, created.clientId);
    const add = await t.graphql<{ basketAdd: { basket: { basketId: string } } }>(
      'mutation($i: BasketAddInput!) { basketAdd(input: $i) { basket { basketId } userErrors { code } } }',
      { i: { cprcode, branchCode } },
      { token, partnerKey: created.partnerKey },
    );
    const basketId = add.data!.basketAdd.basket.basketId;
    const basketWith = async (partnerKey: string) =>
      (await t.graphql<{ basket: { basketId: string } | null }>(BASKET, {}, { token, partnerKey })).data?.basket
        ?.basketId ?? null;

    const rotated = (
      (await t.admin('POST', `/admin/partners/${created.partnerId}/keys`, { environment: 'sandbox' })).body as {
        partnerKey: string;
      }
    ).partnerKey;
    assert.equal((await t.admin('DELETE', `/admin/keys/${created.partnerKey.slice(0, 12)}`)).status, 204);
    assert.equal(await basketWith(rotated), basketId, 'the new key of the same environment sees the same basket');
    const live = (
      (await t.admin('POST', `/admin/partners/${created.partnerId}/keys`, { environment: 'production' })).body as {
        partnerKey: string;
      }
    ).partnerKey;
    assert.equal(await basketWith(live), null, 'the production key has its own, empty basket');
    assert.equal(
      (await t.graphql(BASKET, {}, { token, partnerKey: t.partnerKey })).errors?.[0]?.extensions?.code,
      'UNAUTHENTICATED',
      "another partner refuses the shopper's token outright",
    );
  });
});
