/**
 * Test material of RFC 9421 Appendix B: the public test keys (B.1.2 test-key-rsa-pss, B.1.3
 * test-key-ecc-p256, B.1.4 test-key-ed25519), the test request and response (B.2), and the
 * signatures the RFC gives for them (B.2.3, B.2.4, B.2.6). Published test data, not secrets.
 */
import type { SigningJwk } from '../../src/index.ts';

/** B.1.3: the P-256 test key, as a JWK (the RFC gives it as PEM; same point). */
export const TEST_KEY_ECC_P256: SigningJwk = {
  kid: 'test-key-ecc-p256',
  kty: 'EC',
  crv: 'P-256',
  x: 'qIVYZVLCrPZHGHjP17CTW0_-D9Lfw0EkjqF7xB4FivA',
  y: 'Mc4nN9LTDOBhfoUeg8Ye9WedFRhnZXZJA12Qp0zZ6F0',
};

/** B.1.4: the Ed25519 test key's public half. */
export const TEST_KEY_ED25519_JWK = { kty: 'OKP', crv: 'Ed25519', x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs' };

/** B.1.2: the RSA-PSS test key's public half (SPKI). */
export const TEST_KEY_RSA_PSS_SPKI = `-----BEGIN PUBLIC KEY-----
MIIBIDALBgkqhkiG9w0BAQoDggEPADCCAQoCggEBAK+LZpt69tFnfz26rz9bNvkB
Lb6bkWlfGKuNII1EfMtkY8WunaRthlx2z37zLPHLfi4dRh+OcdvEcN0cud5pvqAF
48kPOjpw5GeTfJWG4IA+Dt8OjOqQLy5IZPeQJ3U64n2yBTzVPDzzDuzsqxQB6oA7
M54zxZkzrQhHDdmdRaVoHIcLmCzy/lqJKpbXddZ6qs4vmyfXL0igA2HVAADeVlLc
3aYsui204EsT+6HIlOE59IOSOmg2SewPC86NCksmWKAOPOZqnDtBlQHVcPZauGjk
/b+nfp2+G5zZEFZJS0N31QLyZvsXQzqfSwjQjePFdqZwzpBVevlPZ1eaMnOlyNsC
AwEAAQ==
-----END PUBLIC KEY-----`;

/** `created` of every Appendix B signature: 2021-04-20T02:07:53Z. */
export const CREATED = 1618884473;

/** B.2 test-request (`POST /foo?param=Value&Pet=dog` on example.com). */
export const TEST_REQUEST = {
  method: 'POST',
  url: 'https://example.com/foo?param=Value&Pet=dog',
  headers: {
    Host: 'example.com',
    Date: 'Tue, 20 Apr 2021 02:07:55 GMT',
    'Content-Type': 'application/json',
    'Content-Digest':
      'sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:',
    'Content-Length': '18',
  },
  body: '{"hello": "world"}',
};

/** B.2 test-response (200 with `{"message": "good dog"}`). */
export const TEST_RESPONSE = {
  status: 200,
  headers: {
    Date: 'Tue, 20 Apr 2021 02:07:56 GMT',
    'Content-Type': 'application/json',
    'Content-Digest':
      'sha-512=:mEWXIS7MaLRuGgxOBdODa3xqM1XdEvxoYhvlCFJ41QJgJc4GTsPp29l5oGX69wWdXymyU0rjJuahq4l5aGgfLQ==:',
    'Content-Length': '23',
  },
  body: '{"message": "good dog"}',
};

/** B.2.3: full coverage of the test request with RSA-PSS SHA-512. */
export const B23 = {
  components: ['date', '@method', '@path', '@query', '@authority', 'content-type', 'content-digest', 'content-length'],
  signatureParams:
    '("date" "@method" "@path" "@query" "@authority" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-rsa-pss"',
  base: [
    '"date": Tue, 20 Apr 2021 02:07:55 GMT',
    '"@method": POST',
    '"@path": /foo',
    '"@query": ?param=Value&Pet=dog',
    '"@authority": example.com',
    '"content-type": application/json',
    '"content-digest": sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:',
    '"content-length": 18',
    '"@signature-params": ("date" "@method" "@path" "@query" "@authority" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-rsa-pss"',
  ].join('\n'),
  signature:
    'bbN8oArOxYoyylQQUU6QYwrTuaxLwjAC9fbY2F6SVWvh0yBiMIRGOnMYwZ/5MR6fb0Kh1rIRASVxFkeGt683+qRpRRU5p2voTp768ZrCUb38K0fUxN0O0iC59DzYx8DFll5GmydPxSmme9v6ULbMFkl+V5B1TP/yPViV7KsLNmvKiLJH1pFkh/aYA2HXXZzNBXmIkoQoLd7YfW91kE9o/CCoC1xMy7JA1ipwvKvfrs65ldmlu9bpG6A9BmzhuzF8Eim5f8ui9eH8LZH896+QIF61ka39VBrohr9iyMUJpvRX2Zbhl5ZJzSRxpJyoEZAFL2FUo5fTIztsDZKEgM4cUA==',
};

/** B.2.4: the test response signed with ecdsa-p256-sha256. */
export const B24 = {
  signatureInput:
    'sig-b24=("@status" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-ecc-p256"',
  signature: 'sig-b24=:wNmSUAhwb5LxtOtOpNa6W5xj067m5hFrj0XQ4fvpaCLx0NKocgPquLgyahnzDnDAUy5eCdlYUEkLIj+32oiasw==:',
};

/** B.2.6: the test request signed with Ed25519. */
export const B26 = {
  components: ['date', '@method', '@path', '@authority', 'content-type', 'content-length'],
  signatureParams:
    '("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"',
  signature: 'wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==',
};
