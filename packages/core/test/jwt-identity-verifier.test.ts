import assert from 'node:assert/strict';
import { KeyObject, sign as rsaSign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  calculateJwkThumbprint,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  SignJWT,
  UnsecuredJWT,
  type JWK,
  type JWTPayload,
} from 'jose';
import { CommerceError } from '../src/errors.ts';
import { createJwtIdentityVerifier, ID_TOKEN_NOT_ACCEPTED, isSaneKid } from '../src/identity/jwt-identity-verifier.ts';

interface KeyServer {
  origin: string;
  hits: { discovery: number; jwks: number };
  close(): Promise<void>;
}

/** A tiny OIDC issuer over real HTTP: discovery at the issuer, JWKS at `/keys` (or 404 for discovery). */
async function serveKeys(jwks: () => { keys: JWK[] }, options: { discovery?: boolean } = {}): Promise<KeyServer> {
  const hits = { discovery: 0, jwks: 0 };
  let origin = '';
  const server: Server = createServer((req, res) => {
    if (req.url === '/.well-known/openid-configuration' && options.discovery !== false) {
      hits.discovery++;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ issuer: origin, jwks_uri: `${origin}/keys` }));
    } else if (req.url === '/keys' || (req.url === '/.well-known/jwks.json' && options.discovery === false)) {
      hits.jwks++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks()));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function rsaKey() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { privateKey, publicKey, kid, jwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } as JWK };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const CLIENT = 'partnera0000000000000000001';
const OTHER_CLIENT = 'partnerb0000000000000000002';
const SUB = '5f0c3a44-6a47-4c1b-9a3e-1d2f7f6f2b10';

describe('createJwtIdentityVerifier', () => {
  let issuer: KeyServer;
  let attacker: KeyServer;
  let real: Awaited<ReturnType<typeof rsaKey>>;
  let evil: Awaited<ReturnType<typeof rsaKey>>;
  const now = () => Math.floor(Date.now() / 1000);

  const claims = (overrides: JWTPayload = {}): JWTPayload => ({
    sub: SUB,
    aud: CLIENT,
    iss: issuer.origin,
    token_use: 'id',
    email: 'shopper@example.com',
    email_verified: true,
    auth_time: now(),
    iat: now(),
    exp: now() + 3600,
    ...overrides,
  });
  // Signs whatever header is given, bypassing jose's own checks, with the real key.
  const rawSign = (header: Record<string, unknown>, payload: JWTPayload, hash = 'sha256') => {
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${rsaSign(hash, Buffer.from(input), KeyObject.from(real.privateKey)).toString('base64url')}`;
  };
  const sign = (payload: JWTPayload, header: Record<string, unknown> = {}, key: CryptoKey = real.privateKey) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: real.kid, ...header }).sign(key);

  before(async () => {
    real = await rsaKey();
    evil = await rsaKey();
    issuer = await serveKeys(() => ({ keys: [real.jwk] }));
    attacker = await serveKeys(() => ({ keys: [evil.jwk, { ...evil.jwk, kid: real.kid }] }));
  });
  after(async () => {
    await issuer?.close();
    await attacker?.close();
  });

  test('the attack list: every forged, misdirected or stale token is rejected alike; a valid one is accepted', async () => {
    const valid = await sign(claims());
    const [h, p, s] = valid.split('.') as [string, string, string];
    const pem = await exportSPKI(real.publicKey);
    const rows: { name: string; token: () => Promise<string>; accept?: true; clients?: string[] }[] = [
      { name: 'control: a valid id token', token: async () => valid, accept: true },
      { name: 'alg none, empty signature', token: async () => new UnsecuredJWT(claims()).encode() },
      {
        name: 'alg none with the real kid and a signature segment',
        token: async () => `${b64({ alg: 'none', kid: real.kid })}.${p}.${s}`,
      },
      { name: 'alg "None" spelled otherwise', token: async () => `${b64({ alg: 'None', kid: real.kid })}.${p}.${s}` },
      {
        name: 'HS256 signed with the RSA public key as the secret',
        token: () =>
          new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: real.kid }).sign(new TextEncoder().encode(pem)),
      },
      {
        name: 'RS512 with the real key instead of RS256',
        token: async () => rawSign({ alg: 'RS512', kid: real.kid }, claims(), 'sha512'),
      },
      { name: 'unknown kid', token: () => sign(claims(), { kid: 'unknownkid0000000000000000000000000000000000' }) },
      { name: 'no kid', token: () => new SignJWT(claims()).setProtectedHeader({ alg: 'RS256' }).sign(real.privateKey) },
      { name: 'kid with path traversal', token: () => sign(claims(), { kid: '../../../../etc/passwd' }) },
      { name: 'kid with a leading slash', token: () => sign(claims(), { kid: '/etc/passwd' }) },
      { name: 'kid with SQL', token: () => sign(claims(), { kid: "x' OR '1'='1" }) },
      { name: 'kid with SQL comment', token: () => sign(claims(), { kid: '1;DROP TABLE idp_users--' }) },
      { name: 'kid not a string', token: () => sign(claims(), { kid: 42 }) },
      { name: 'signed by another key under the real kid', token: () => sign(claims(), {}, evil.privateKey) },
      {
        name: 'embedded jwk header',
        token: () => sign(claims(), { jwk: { ...evil.jwk, kid: undefined } }, evil.privateKey),
      },
      { name: 'embedded jwk header, signed by the real key', token: () => sign(claims(), { jwk: real.jwk }) },
      {
        name: 'jku header to the attacker',
        token: () => sign(claims(), { kid: evil.kid, jku: `${attacker.origin}/keys` }, evil.privateKey),
      },
      {
        name: 'x5u header to the attacker',
        token: () => sign(claims(), { kid: evil.kid, x5u: `${attacker.origin}/keys` }, evil.privateKey),
      },
      { name: 'crit header', token: async () => rawSign({ alg: 'RS256', kid: real.kid, crit: ['exp'] }, claims()) },
      { name: 'expired', token: () => sign(claims({ iat: now() - 7200, exp: now() - 60 })) },
      { name: 'no exp', token: () => sign(claims({ exp: undefined })) },
      { name: 'nbf in the future', token: () => sign(claims({ nbf: now() + 600 })) },
      { name: "another partner's client as aud", token: () => sign(claims({ aud: OTHER_CLIENT })) },
      { name: 'aud listing another partner as well', token: () => sign(claims({ aud: [OTHER_CLIENT, CLIENT] })) },
      { name: 'no aud', token: () => sign(claims({ aud: undefined })) },
      { name: 'wrong iss', token: () => sign(claims({ iss: attacker.origin })) },
      { name: 'iss with a trailing slash', token: () => sign(claims({ iss: `${issuer.origin}/` })) },
      {
        name: 'an access token where an id token is required',
        token: () => sign(claims({ token_use: 'access', client_id: CLIENT, scope: 'aws.cognito.signin.user.admin' })),
      },
      { name: 'no token_use', token: () => sign(claims({ token_use: undefined })) },
      {
        name: 'tampered payload (sub changed)',
        token: async () => `${h}.${b64({ ...claims(), sub: '00000000-0000-4000-8000-000000000000' })}.${s}`,
      },
      { name: 'tampered header (kid changed)', token: async () => `${b64({ alg: 'RS256', kid: evil.kid })}.${p}.${s}` },
      { name: 'truncated signature', token: async () => `${h}.${p}.${s.slice(0, -8)}` },
      { name: 'missing sub', token: () => sign(claims({ sub: undefined })) },
      { name: 'empty sub', token: () => sign(claims({ sub: '' })) },
      { name: 'sub with control characters', token: () => sign(claims({ sub: 'abc\u0000def' })) },
      { name: 'not a JWT at all', token: async () => 'Bearer hello' },
      { name: 'empty string', token: async () => '' },
      { name: 'five-part JWE shape', token: async () => `${h}.${p}.${s}.${s}.${s}` },
      { name: 'oversized token', token: async () => `${h}.${'A'.repeat(20_000)}.${s}` },
      { name: 'valid token, but the caller has no app clients', token: async () => valid, clients: [] },
    ];

    const verifier = createJwtIdentityVerifier({ issuer: issuer.origin });
    for (const row of rows) {
      const token = await row.token();
      const clients = row.clients ?? [CLIENT];
      if (row.accept) {
        assert.deepEqual(
          await verifier.verify(token, clients),
          { ownerId: SUB, email: 'shopper@example.com', clientId: CLIENT },
          row.name,
        );
        continue;
      }
      await assert.rejects(
        verifier.verify(token, clients),
        (error: unknown) => {
          assert.ok(error instanceof CommerceError, row.name);
          assert.equal(error.code, 'UNAUTHENTICATED', row.name);
          assert.equal(
            error.message,
            ID_TOKEN_NOT_ACCEPTED,
            `${row.name}: the message is the same for every rejection`,
          );
          assert.ok(
            error.cause instanceof Error && /id token rejected/.test(error.cause.message),
            `${row.name}: the reason is kept for logs`,
          );
          return true;
        },
        row.name,
      );
    }
    assert.equal(attacker.hits.jwks + attacker.hits.discovery, 0, 'jku/x5u URLs are never fetched');
    assert.equal(issuer.hits.discovery, 1, 'discovery is fetched once');
  });

  test('an unknown kid refetches the JWKS at most once per cooldown', async () => {
    const server = await serveKeys(() => ({ keys: [real.jwk] }));
    try {
      const verifier = createJwtIdentityVerifier({ issuer: server.origin, jwksCooldownMs: 60_000 });
      const good = await sign(claims({ iss: server.origin }));
      await verifier.verify(good, [CLIENT]);
      assert.equal(server.hits.jwks, 1);
      for (let i = 0; i < 20; i++) {
        const token = await sign(claims({ iss: server.origin }), { kid: `unknown${i}` });
        await assert.rejects(verifier.verify(token, [CLIENT]), { code: 'UNAUTHENTICATED' });
      }
      assert.ok(server.hits.jwks <= 2, `JWKS fetched ${server.hits.jwks} times`);
      await verifier.verify(good, [CLIENT]);
    } finally {
      await server.close();
    }
  });

  test("without discovery it uses Cognito's /.well-known/jwks.json; an explicit jwksUri needs no discovery", async () => {
    const plain = await serveKeys(() => ({ keys: [real.jwk] }), { discovery: false });
    try {
      const token = await sign(claims({ iss: plain.origin }));
      assert.equal((await createJwtIdentityVerifier({ issuer: plain.origin }).verify(token, [CLIENT])).ownerId, SUB);
      assert.equal(plain.hits.jwks, 1);
      const explicit = createJwtIdentityVerifier({ issuer: issuer.origin, jwksUri: `${issuer.origin}/keys` });
      const before = issuer.hits.discovery;
      assert.equal((await explicit.verify(await sign(claims()), [CLIENT])).ownerId, SUB);
      assert.equal(issuer.hits.discovery, before);
    } finally {
      await plain.close();
    }
  });

  test('an unreachable issuer rejects as UNAUTHENTICATED, not a crash', async () => {
    const gone = await serveKeys(() => ({ keys: [real.jwk] }));
    await gone.close();
    const verifier = createJwtIdentityVerifier({ issuer: gone.origin, timeoutMs: 1_000 });
    await assert.rejects(verifier.verify(await sign(claims({ iss: gone.origin })), [CLIENT]), {
      code: 'UNAUTHENTICATED',
    });
  });

  test('honours the injected clock with a small tolerance', async () => {
    const token = await sign(claims({ iat: now(), exp: now() + 60 }));
    let at = Date.now();
    const verifier = createJwtIdentityVerifier({
      issuer: issuer.origin,
      clock: { now: () => at },
      clockToleranceSeconds: 5,
    });
    assert.ok(await verifier.verify(token, [CLIENT]));
    at += 63_000;
    assert.ok(await verifier.verify(token, [CLIENT]), 'within the tolerance');
    at += 10_000;
    await assert.rejects(verifier.verify(token, [CLIENT]), { code: 'UNAUTHENTICATED' });
  });

  test('isSaneKid accepts base64 and base64url kids as Cognito and jose make them, and nothing else', () => {
    for (const kid of ['abc123', 'Zx_-9', '1XnF7E2nQx+Wgc5zL9hNv0kBSgVHqAvXe7+ZUS+tQqo=', 'ab/cd+ef', 'abcd/efg'])
      assert.ok(isSaneKid(kid), kid);
    for (const kid of [
      '',
      '../x',
      '/etc/passwd',
      "a'b",
      'a b',
      'a;b',
      'a\\b',
      'a.b',
      'x'.repeat(129),
      'abc/d',
      42,
      null,
    ])
      assert.ok(!isSaneKid(kid), String(kid));
  });
});
