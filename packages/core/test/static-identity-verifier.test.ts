import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CommerceError } from '../src/errors.ts';
import { StaticIdentityVerifier } from '../src/testing/static-identity-verifier.ts';

test('StaticIdentityVerifier accepts its tokens for the shopper’s own app client only', async () => {
  const ann = { ownerId: 'ann', email: 'ann@example.com', clientId: 'client-1' };
  const identity = new StaticIdentityVerifier({ 'token-ann': ann });
  assert.deepEqual(await identity.verify('token-ann', ['client-0', 'client-1']), ann);
  for (const [token, clients] of [
    ['token-ann', ['client-2']],
    ['forged', ['client-1']],
  ] as const) {
    await assert.rejects(
      identity.verify(token, clients),
      (error) => error instanceof CommerceError && error.code === 'UNAUTHENTICATED',
    );
  }
});
