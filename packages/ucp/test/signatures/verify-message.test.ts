import assert from 'node:assert/strict';
import { sign } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  generateSigningKey,
  isUcpError,
  signRequest,
  signResponse,
  verifyRequestSignature,
  verifyResponseSignature,
  type SignableRequest,
  type SignatureFields,
  type SigningJwk,
  type UcpErrorCode,
  type VerifyMessageOptions,
} from '../../src/index.ts';
import { headerRecord, signatureBase } from '../../src/signatures/signature-base.ts';
import { parseSignatureFields } from '../../src/signatures/signature-fields.ts';
import { importPrivateKey } from '../../src/signatures/signing-keys.ts';
import { verifyWithKey } from '../../src/signatures/verify-message.ts';
import { B24, CREATED, TEST_KEY_ECC_P256, TEST_RESPONSE } from '../support/rfc9421-vectors.ts';

const { privateJwk, publicJwk } = generateSigningKey('platform-2026');
const now = new Date('2026-09-20T10:00:00Z');
const body = '{"checkout":{"line_items":[{"item":{"id":"100001"},"quantity":2}]}}';

function unsignedPost(overrides: Partial<SignableRequest> = {}): SignableRequest {
  return {
    method: 'POST',
    url: 'https://shop.example/agents/ptn_1/ucp/v1/checkout-sessions?lang=th',
    headers: {
      'content-type': 'application/json',
      'ucp-agent': 'profile="https://platform.example/.well-known/ucp"',
      'idempotency-key': '550e8400-e29b-41d4-a716-446655440000',
    },
    body,
    ...overrides,
  };
}

function signedPost(): SignableRequest & { url: string; headers: Record<string, string> & SignatureFields } {
  const request = { ...unsignedPost(), url: 'https://shop.example/agents/ptn_1/ucp/v1/checkout-sessions?lang=th' };
  const fields = signRequest(request, { key: privateJwk, created: now });
  return { ...request, headers: { ...(request.headers as Record<string, string>), ...fields } };
}

function assertUcpError(action: () => unknown, code: UcpErrorCode, message?: RegExp, what?: string): void {
  assert.throws(action, (error) => {
    assert.ok(isUcpError(error), `not a UcpError: ${String(error)}`);
    assert.equal(error.code, code, `${what ?? ''} ${error.message}`);
    if (message) assert.match(error.message, message);
    return true;
  });
}

const options: VerifyMessageOptions = { keys: [publicJwk], now };

describe('RFC 9421 B.2.4 (ecdsa-p256-sha256)', () => {
  const response = {
    ...TEST_RESPONSE,
    headers: { ...TEST_RESPONSE.headers, 'Signature-Input': B24.signatureInput, Signature: B24.signature },
  };

  test("the RFC's own signature of the test response verifies with test-key-ecc-p256", () => {
    const headers = headerRecord(response.headers);
    const parsed = parseSignatureFields(headers);
    assert.equal(parsed.label, 'sig-b24');
    assert.equal(parsed.created, CREATED);
    const message = { kind: 'response' as const, status: 200, headers };
    assert.equal(verifyWithKey(parsed, message, TEST_KEY_ECC_P256), 'ecdsa-p256-sha256');
    assertUcpError(() => verifyWithKey(parsed, { ...message, status: 201 }, TEST_KEY_ECC_P256), 'signature_invalid');
  });

  test('through verifyResponseSignature it fails on the digest: UCP requires sha-256 and the RFC used sha-512', () => {
    const at = new Date(CREATED * 1000);
    assertUcpError(
      () => verifyResponseSignature(response, { keys: [TEST_KEY_ECC_P256], now: at }),
      'digest_mismatch',
      /sha-256/,
    );
  });
});

describe('verifyRequestSignature', () => {
  test('a request we signed verifies and says what it covered', () => {
    const verified = verifyRequestSignature(signedPost(), options);
    assert.deepEqual(verified, {
      label: 'sig1',
      keyid: 'platform-2026',
      algorithm: 'ecdsa-p256-sha256',
      components: [
        '@method',
        '@authority',
        '@path',
        '@query',
        'ucp-agent',
        'idempotency-key',
        'content-digest',
        'content-type',
      ],
      created: Math.floor(now.getTime() / 1000),
      expires: undefined,
    });
  });

  test('the key is chosen by keyid among several; an unknown keyid is key_not_found', () => {
    const other = generateSigningKey('other').publicJwk;
    assert.equal(verifyRequestSignature(signedPost(), { ...options, keys: [other, publicJwk] }).keyid, 'platform-2026');
    assertUcpError(
      () => verifyRequestSignature(signedPost(), { ...options, keys: [other] }),
      'key_not_found',
      /kid=platform-2026/,
    );
  });

  test('a signature by another key under the same kid is signature_invalid', () => {
    const impostor = generateSigningKey('platform-2026').publicJwk;
    assertUcpError(() => verifyRequestSignature(signedPost(), { ...options, keys: [impostor] }), 'signature_invalid');
  });

  test('missing fields are signature_missing', () => {
    const request = signedPost();
    const without = (name: string) => ({
      ...request,
      headers: Object.fromEntries(Object.entries(request.headers).filter(([n]) => n !== name)),
    });
    assertUcpError(() => verifyRequestSignature(unsignedPost(), options), 'signature_missing');
    assertUcpError(() => verifyRequestSignature(without('signature'), options), 'signature_missing');
    assertUcpError(() => verifyRequestSignature(without('signature-input'), options), 'signature_missing');
    assertUcpError(() => verifyRequestSignature(request, { ...options, label: 'sig2' }), 'signature_missing');
  });

  test('anything covered that changed is signature_invalid; a changed body is digest_mismatch', () => {
    const request = signedPost();
    const tampered: [string, SignableRequest][] = [
      ['method', { ...request, method: 'PUT' }],
      ['authority', { ...request, url: request.url.toString().replace('shop.example', 'evil.example') }],
      ['path', { ...request, url: request.url.toString().replace('ptn_1', 'ptn_2') }],
      ['query', { ...request, url: request.url.toString().replace('lang=th', 'lang=en') }],
      ['ucp-agent', { ...request, headers: { ...request.headers, 'ucp-agent': 'profile="https://evil.example/p"' } }],
      ['idempotency-key', { ...request, headers: { ...request.headers, 'idempotency-key': 'another' } }],
      ['content-type', { ...request, headers: { ...request.headers, 'content-type': 'text/plain' } }],
    ];
    for (const [what, message] of tampered)
      assertUcpError(() => verifyRequestSignature(message, options), 'signature_invalid', /failed/, what);
    assertUcpError(
      () => verifyRequestSignature({ ...request, body: body.replace('2', '9') }, options),
      'digest_mismatch',
    );
    const digest = 'sha-256=:' + Buffer.alloc(32).toString('base64') + ':';
    assertUcpError(
      () => verifyRequestSignature({ ...request, headers: { ...request.headers, 'content-digest': digest } }, options),
      'digest_mismatch',
    );
  });

  test('a signature that leaves out what UCP requires is signature_invalid, though it verifies', () => {
    const request = unsignedPost();
    for (const left of ['@authority', 'idempotency-key', 'ucp-agent', '@query', 'content-digest']) {
      const components = [
        '@method',
        '@authority',
        '@path',
        '@query',
        'ucp-agent',
        'idempotency-key',
        'content-digest',
        'content-type',
      ].filter((c) => c !== left);
      const fields = signRequest(request, { key: privateJwk, created: now, components });
      const signed = { ...request, headers: { ...(request.headers as Record<string, string>), ...fields } };
      assertUcpError(
        () => verifyRequestSignature(signed, options),
        'signature_invalid',
        new RegExp(`must cover "${left}"`),
      );
    }
  });

  test('created too old, in the future, or expires past is signature_invalid; skew and max age are options', () => {
    const request = signedPost();
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    assert.ok(verifyRequestSignature(request, { ...options, now: at(359) }));
    assertUcpError(
      () => verifyRequestSignature(request, { ...options, now: at(361) }),
      'signature_invalid',
      /older than 300/,
    );
    assert.ok(verifyRequestSignature(request, { ...options, now: at(3600), maxAgeSeconds: 3600 }));
    assert.ok(verifyRequestSignature(request, { ...options, now: at(-60) }));
    assertUcpError(() => verifyRequestSignature(request, { ...options, now: at(-61) }), 'signature_invalid', /future/);
    assertUcpError(
      () => verifyRequestSignature(request, { ...options, now: at(-10), clockSkewSeconds: 5 }),
      'signature_invalid',
      /future/,
    );
    const expiring = unsignedPost();
    const fields = signRequest(expiring, { key: privateJwk, created: now, expires: at(30) });
    const signed = { ...expiring, headers: { ...(expiring.headers as Record<string, string>), ...fields } };
    assert.ok(verifyRequestSignature(signed, { ...options, now: at(90) }));
    assertUcpError(() => verifyRequestSignature(signed, { ...options, now: at(91) }), 'signature_invalid', /expired/);
  });

  test('created is optional as UCP says, unless the verifier requires it', () => {
    const request = unsignedPost();
    const fields = signRequest(request, { key: privateJwk, created: null });
    const signed = { ...request, headers: { ...(request.headers as Record<string, string>), ...fields } };
    assert.equal(verifyRequestSignature(signed, options).created, undefined);
    assertUcpError(
      () => verifyRequestSignature(signed, { ...options, requireCreated: true }),
      'signature_invalid',
      /created/,
    );
  });

  test('an alg parameter other than the key curve is algorithm_unsupported; so is a non-EC key', () => {
    const request = signedPost();
    const withAlg = request.headers['signature-input'].replace(';keyid=', ';alg="rsa-pss-sha512";keyid=');
    assertUcpError(
      () =>
        verifyRequestSignature({ ...request, headers: { ...request.headers, 'signature-input': withAlg } }, options),
      'algorithm_unsupported',
    );
    const rsa: SigningJwk = { kid: 'platform-2026', kty: 'RSA' };
    assertUcpError(() => verifyRequestSignature(request, { ...options, keys: [rsa] }), 'algorithm_unsupported');
  });

  test('a DER-encoded ECDSA signature (what most libraries emit by default) is signature_invalid', () => {
    const request = signedPost();
    const headers = headerRecord(request.headers);
    const parsed = parseSignatureFields(headers);
    const base = signatureBase(parsed.components, parsed.signatureParams, {
      kind: 'request',
      method: 'POST',
      url: request.url,
      headers,
    });
    const der = sign('sha256', Buffer.from(base), { key: importPrivateKey(privateJwk), dsaEncoding: 'der' });
    assert.notEqual(der.length, 64);
    const signature = `sig1=:${der.toString('base64')}:`;
    assertUcpError(
      () => verifyRequestSignature({ ...request, headers: { ...request.headers, signature } }, options),
      'signature_invalid',
      /failed/,
    );
  });

  test('hostile Signature-Input and Signature values are signature_invalid, never a crash', () => {
    const request = signedPost();
    const input = request.headers['signature-input'];
    const hostile: [string, string][] = [
      ['signature-input', 'sig1=("@method"'],
      ['signature-input', 'sig1="@method"'],
      ['signature-input', input.replace('"@method"', '"@method" "@method"')],
      ['signature-input', input.replace('"@method"', '"@method";req')],
      ['signature-input', input.replace('"@method"', '"@Method"')],
      ['signature-input', input.replace('"@method"', '"@query-param"')],
      ['signature-input', input.replace('"@method"', 'method')],
      ['signature-input', input.replace(/keyid="[^"]*"/, 'keyid=platform')],
      ['signature-input', input.replace(/;keyid="[^"]*"/, '')],
      ['signature-input', input.replace(/created=\d+/, 'created="now"')],
      ['signature-input', input.replace(/created=\d+/, 'created=-5')],
      ['signature-input', input.replace(/created=\d+/, 'created=1.5')],
      ['signature-input', `${input}, x=("${'a'.repeat(9000)}")`],
      ['signature', 'sig1="not bytes"'],
      ['signature', 'sig1=:!!!:'],
      ['signature', 'sig1=(:AAAA:)'],
      ['signature', 'sig1=:AAAA:'],
    ];
    for (const [name, value] of hostile)
      assertUcpError(
        () => verifyRequestSignature({ ...request, headers: { ...request.headers, [name]: value } }, options),
        'signature_invalid',
      );
  });

  test('with several signatures, sig1 is verified unless a label is asked for', () => {
    const request = signedPost();
    const second = signRequest(unsignedPost(), {
      key: generateSigningKey('other').privateJwk,
      created: now,
      label: 'sig0',
    });
    const headers = {
      ...request.headers,
      'signature-input': `${second['signature-input']}, ${request.headers['signature-input']}`,
      signature: `${second.signature}, ${request.headers.signature}`,
    };
    assert.equal(verifyRequestSignature({ ...request, headers }, options).label, 'sig1');
    assertUcpError(
      () => verifyRequestSignature({ ...request, headers }, { ...options, label: 'sig0' }),
      'key_not_found',
    );
  });

  test('headers given as a web Headers object verify the same', () => {
    const request = signedPost();
    assert.ok(verifyRequestSignature({ ...request, headers: new Headers(request.headers) }, options));
  });

  test('P-384 keys round-trip too', () => {
    const key384 = generateSigningKey('k384', 'P-384');
    const request = unsignedPost();
    const fields = signRequest(request, { key: key384.privateJwk, created: now });
    const signed = { ...request, headers: { ...(request.headers as Record<string, string>), ...fields } };
    assert.equal(verifyRequestSignature(signed, { keys: [key384.publicJwk], now }).algorithm, 'ecdsa-p384-sha384');
  });
});

describe('verifyResponseSignature', () => {
  test('a response we signed verifies; a changed status or body does not', () => {
    const response = { status: 200, headers: { 'content-type': 'application/json' }, body };
    const headers = { ...response.headers, ...signResponse(response, { key: privateJwk, created: now }) };
    assert.equal(
      verifyResponseSignature({ ...response, headers }, options).components.join(' '),
      '@status content-digest content-type',
    );
    assertUcpError(() => verifyResponseSignature({ ...response, status: 201, headers }, options), 'signature_invalid');
    assertUcpError(() => verifyResponseSignature({ ...response, body: '{}', headers }, options), 'digest_mismatch');
  });
});
