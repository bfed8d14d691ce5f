import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { startOtherPool } from './support/other-pool.ts';
import { startTestSystem, TEST_PASSWORD, type TestSystem } from './support/test-system.ts';

const BASKET = '{ basket { basketId ownerId } }';
const ADD =
  'mutation($i: BasketAddInput!) { basketAdd(input: $i) { basket { ownerId lines { cprcode quantity } } userErrors { code } } }';

describe('shopper identity through the API', () => {
  let t: TestSystem;
  let cprcode: string;

  before(async () => {
    t = await startTestSystem();
    const branch = (await t.system.commerce.branches.list())[0]!.branchCode;
    const page = await t.graphql<{ products: { nodes: { cprcode: string }[] } }>(
      'query($b: ID!) { products(first: 20, branchCode: $b, filter: { pricedOnly: true }) { nodes { cprcode } } }',
      { b: branch },
    );
    cprcode = t.system.commerce.catalog
      .get(page.data!.products.nodes.map((n) => n.cprcode))
      .find((p) => !p.alcohol)!.cprcode;
  });
  after(async () => t?.close());

  test('a signed-up shopper’s id token is accepted for shopper-scoped operations; ownerId is its sub', async () => {
    const { idToken } = await t.signUpShopper();
    const sub = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')).sub as string;
    const empty = await t.graphql<{ basket: null }>(BASKET, {}, { token: idToken });
    assert.deepEqual(empty, { status: 200, data: { basket: null } });
    const added = await t.graphql<{ basketAdd: { basket: { ownerId: string } } }>(
      ADD,
      { i: { cprcode, quantity: 1 } },
      { token: idToken },
    );
    assert.equal(added.data!.basketAdd.basket.ownerId, sub);
  });

  test('missing, malformed and forged tokens are UNAUTHENTICATED (queries: errors; mutations: userErrors)', async () => {
    const { idToken } = await t.signUpShopper();
    const [header, payload, signature] = idToken.split('.') as [string, string, string];
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    forged.sub = 'someone-else';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    for (const token of [undefined, 'garbage', tampered, unsigned, `${idToken}x`]) {
      const query = await t.graphql(BASKET, {}, { token });
      assert.equal(query.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED', `query with ${String(token).slice(0, 20)}`);
      const mutation = await t.graphql<{ basketAdd: { basket: null; userErrors: { code: string }[] } }>(
        ADD,
        { i: { cprcode, quantity: 1 } },
        { token },
      );
      assert.deepEqual(
        mutation.data?.basketAdd.userErrors.map((e) => e.code),
        ['UNAUTHENTICATED'],
      );
    }
  });

  test("another partner's app client is refused; the same shopper through another partner has another basket", async () => {
    const created = await t.admin('POST', '/admin/partners', { name: 'Other Partner', environment: 'sandbox' });
    assert.equal(created.status, 201);
    const other = created.body as { partnerKey: string; clientId: string };
    const email = `both.${process.pid}@example.com`;
    const viaOther = await t.signUpShopper(email, other.clientId);
    const refused = await t.graphql(BASKET, {}, { token: viaOther.idToken });
    assert.equal(
      refused.errors?.[0]?.extensions?.code,
      'UNAUTHENTICATED',
      "a token for partner B's client is not accepted with partner A's key",
    );
    const added = await t.graphql<{ basketAdd: { basket: { lines: unknown[] } } }>(
      ADD,
      { i: { cprcode, quantity: 2 } },
      { token: viaOther.idToken, partnerKey: other.partnerKey },
    );
    assert.equal(added.data!.basketAdd.basket.lines.length, 1);

    // The same shopper (same pool, same sub) signs in through partner A's client.
    const cognito = new CognitoIdentityProviderClient({
      endpoint: `${t.baseUrl}/idp`,
      region: 'local',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    const signInAt = Date.now();
    const challenge = await cognito.send(
      new InitiateAuthCommand({
        ClientId: t.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: TEST_PASSWORD },
      }),
    );
    const code = await t.mailboxCode(email, signInAt);
    const viaA = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: t.clientId,
        ChallengeName: 'EMAIL_OTP',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: email, EMAIL_OTP_CODE: code },
      }),
    );
    cognito.destroy();
    const basketA = await t.graphql<{ basket: null }>(BASKET, {}, { token: viaA.AuthenticationResult!.IdToken! });
    assert.deepEqual(basketA.data, { basket: null }, "partner A sees none of partner B's basket for the same shopper");
  });
});

describe('OIDC_ISSUER points the API at another identity provider', () => {
  let other: Awaited<ReturnType<typeof startOtherPool>>;
  let third: Awaited<ReturnType<typeof startOtherPool>>;
  let t: TestSystem;

  before(async () => {
    other = await startOtherPool();
    third = await startOtherPool();
    t = await startTestSystem({ env: { OIDC_ISSUER: other.pool.issuer } });
  });
  after(async () => {
    await t?.close();
    await other?.close();
    await third?.close();
  });

  test("tokens of the configured issuer are accepted, another issuer's refused, and no embedded pool is served", async () => {
    const client = await other.pool.createAppClient({ name: 'partner app', redirectUris: [] });
    const partner = t.system.credentials!.partnerId;
    const registered = await t.admin('POST', `/admin/partners/${partner}/clients`, {
      redirectUris: [],
      clientId: client.clientId,
    });
    assert.equal(registered.status, 201);
    const token = await other.signIn(client.clientId, `oidc.${process.pid}@example.com`);
    assert.deepEqual((await t.graphql(BASKET, {}, { token })).data, { basket: null });

    const foreignClient = await third.pool.createAppClient({ name: 'same id elsewhere', redirectUris: [] });
    await t.admin('POST', `/admin/partners/${partner}/clients`, { redirectUris: [], clientId: foreignClient.clientId });
    const foreign = await third.signIn(foreignClient.clientId, `foreign.${process.pid}@example.com`);
    assert.equal((await t.graphql(BASKET, {}, { token: foreign })).errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
    assert.equal((await fetch(`${t.baseUrl}/idp/.well-known/jwks.json`)).status, 404);
  });
});
