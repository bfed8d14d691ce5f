import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CommerceError, SandboxPaymentProvider, type PaymentRequest } from '@grocery/core';
import { describePaymentProviderContract } from '@grocery/core/testing';

const request: PaymentRequest = {
  orderId: 'ord_1',
  attemptId: 'pat_1',
  amountSatang: 12_550,
  currency: 'THB',
  returnUrl: 'https://api.example/pay/tok?provider=return',
  cancelUrl: 'https://api.example/pay/tok?provider=cancel',
  expiresAtMs: Date.now() + 3_600_000,
};

test('immediate: paid at once with a reference from the attempt id; declined on request; bad amounts refused', async () => {
  const sandbox = new SandboxPaymentProvider();
  const first = await sandbox.start(request);
  assert.equal(first.status, 'paid');
  assert.deepEqual(await new SandboxPaymentProvider().start(request), first, 'another instance answers a repeated start the same');
  await assert.rejects(sandbox.start({ ...request, simulate: 'decline' }), (error) => error instanceof CommerceError && error.code === 'PAYMENT_DECLINED');
  for (const amountSatang of [0, -1, 1.5, Number.NaN]) {
    await assert.rejects(sandbox.start({ ...request, amountSatang }), (error) => error instanceof CommerceError && error.code === 'INVALID_INPUT');
  }
  assert.equal((await sandbox.lookup({ attemptId: 'pat_1', reference: first.reference })).status, 'unknown');
});

test('deferred: a hosted session that waits, then settles through events; looked up as it stands', async () => {
  const sandbox = new SandboxPaymentProvider({ settlement: 'deferred' });
  const started = await sandbox.start(request);
  assert.deepEqual(started, { status: 'redirect', reference: started.reference, redirectUrl: request.returnUrl });
  assert.equal((await sandbox.start(request)).reference, started.reference, 'a repeated start is the same session');
  assert.equal((await sandbox.lookup({ attemptId: 'pat_1', reference: null })).status, 'open');
  const pending = sandbox.settle('pat_1', 'pending');
  assert.equal(pending.type, 'pending');
  assert.equal((await sandbox.lookup({ attemptId: 'pat_1', reference: null })).status, 'pending');
  const paid = sandbox.settle('pat_1', 'paid');
  assert.deepEqual(
    { ...paid, eventId: 'x', occurredAtMs: 0 },
    { eventId: 'x', type: 'paid', attemptId: 'pat_1', orderId: 'ord_1', reference: started.reference, amountSatang: 12_550, occurredAtMs: 0 },
  );
  assert.notEqual(paid.eventId, pending.eventId, 'each event has its own id');
  assert.deepEqual(await sandbox.lookup({ attemptId: 'pat_1', reference: null }), { status: 'paid', reference: started.reference, amountSatang: 12_550 });
  assert.equal((await sandbox.lookup({ attemptId: 'pat_other', reference: null })).status, 'unknown');
  assert.throws(() => sandbox.settle('pat_other', 'paid'), /no deferred attempt/);

  await sandbox.start({ ...request, attemptId: 'pat_2' });
  await sandbox.refund({ attemptId: 'pat_2' });
  assert.equal((await sandbox.lookup({ attemptId: 'pat_2', reference: null })).status, 'failed', 'undoing an open session ends it');
  assert.equal(sandbox.settle('pat_2', 'expired').type, 'expired');
});

describePaymentProviderContract('sandbox, immediate', async () => ({ provider: new SandboxPaymentProvider() }));

describePaymentProviderContract('sandbox, deferred (the in-memory fake of a hosted page)', async () => {
  const sandbox = new SandboxPaymentProvider({ settlement: 'deferred' });
  return { provider: sandbox, payOnPage: async ({ attemptId }) => void sandbox.settle(attemptId, 'paid') };
});
