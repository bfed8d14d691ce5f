import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ManualClock } from '@grocery/core/testing';
import { createDownloadSigner } from '../src/download-signer.ts';

const path = '/v1/products/files/catalog-0123456789abcdef-en.feather';

function parts(pathWithQuery: string): { path: string; expires: string | null; signature: string | null } {
  const url = new URL(pathWithQuery, 'http://x');
  return { path: url.pathname, expires: url.searchParams.get('expires'), signature: url.searchParams.get('signature') };
}

describe('download signer', () => {
  test('a fresh link is valid for five minutes and then expired', () => {
    const clock = new ManualClock();
    const signer = createDownloadSigner({ secret: 'test-secret', clock });
    const link = signer.sign(path);
    assert.equal(link.expires, Math.floor(clock.now() / 1000) + 300);
    const p = parts(link.pathWithQuery);
    assert.equal(p.path, path);
    assert.equal(signer.verify(p.path, p.expires, p.signature), 'valid');
    clock.advance(299_000);
    assert.equal(signer.verify(p.path, p.expires, p.signature), 'valid');
    clock.advance(1_000);
    assert.equal(signer.verify(p.path, p.expires, p.signature), 'expired');
  });

  test('tampering with the path, expiry or signature invalidates the link', () => {
    const clock = new ManualClock();
    const signer = createDownloadSigner({ secret: 'test-secret', clock });
    const p = parts(signer.sign(path).pathWithQuery);
    assert.equal(signer.verify(path.replace('-en.', '-all.'), p.expires, p.signature), 'invalid');
    assert.equal(signer.verify(p.path, String(Number(p.expires) + 3600), p.signature), 'invalid');
    const flipped = (p.signature![0] === 'a' ? 'b' : 'a') + p.signature!.slice(1);
    assert.equal(signer.verify(p.path, p.expires, flipped), 'invalid');
    assert.equal(signer.verify(p.path, p.expires, p.signature!.toUpperCase()), 'invalid');
    assert.equal(signer.verify(p.path, null, p.signature), 'invalid');
    assert.equal(signer.verify(p.path, p.expires, null), 'invalid');
    assert.equal(signer.verify(p.path, '-1', p.signature), 'invalid');
  });

  test('an expired link with a forged signature is refused as invalid, not expired', () => {
    const clock = new ManualClock();
    const signer = createDownloadSigner({ secret: 'test-secret', clock });
    assert.equal(signer.verify(path, '1', '0'.repeat(64)), 'invalid');
  });

  test('another secret does not accept the link', () => {
    const clock = new ManualClock();
    const p = parts(createDownloadSigner({ secret: 'one', clock }).sign(path).pathWithQuery);
    assert.equal(createDownloadSigner({ secret: 'two', clock }).verify(p.path, p.expires, p.signature), 'invalid');
  });

  test('refuses an empty secret', () => {
    assert.throws(() => createDownloadSigner({ secret: '' }));
  });
});
