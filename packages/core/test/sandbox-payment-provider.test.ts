import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CommerceError, SandboxPaymentProvider } from '@grocery/core';
import type { PaymentRequest } from '@grocery/core/ports';
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
  assert.deepEqual(
    await new SandboxPaymentProvider().start(request),
    first,
    'another instance answers a repeated start the same',
  );
  await assert.rejects(
    sandbox.start({ ...request, simulate: 'decline' }),
    (error) => error instanceof CommerceError && error.code === 'PAYMENT_DECLINED',
  );
  for (const amountSatang of [0, -1, 1.5, Number.NaN]) {
    await assert.rejects(
      sandbox.start({ ...request, amountSatang }),
      (error) => error instanceof CommerceError && error.code === 'INVALID_INPUT',
    );
  }
  assert.equal(await sandbox.lookup({ attemptId: 'pat_1', reference: first.reference }), null, 'it keeps no record');
  const refund = {
    refundId: 'rf_1',
    idempotencyKey: 'refund-pat_1',
    reference: first.reference,
    attemptId: 'pat_1',
    orderId: 'ord_1',
    amountMinor: 12_550,
    currency: 'THB',
    reason: 'ALREADY_PAID',
  };
  assert.deepEqual(
    await sandbox.refund(refund),
    await new SandboxPaymentProvider().refund(refund),
    'a refund is confirmed at once, the same on every instance',
  );
});

test('deferred: a hosted session that waits, then settles through events; looked up as it stands; closed when given up', async () => {
  const sandbox = new SandboxPaymentProvider({ settlement: 'deferred' });
  const started = await sandbox.start(request);
  assert.deepEqual(started, { status: 'redirect', reference: started.reference, redirectUrl: request.returnUrl });
  assert.equal((await sandbox.start(request)).reference, started.reference, 'a repeated start is the same session');
  assert.equal((await sandbox.lookup({ attemptId: 'pat_1', reference: null }))?.status, 'open');
  const pending = sandbox.settle('pat_1', 'pending');
  assert.equal(pending.type, 'pending');
  assert.equal((await sandbox.lookup({ attemptId: 'pat_1', reference: null }))?.status, 'pending');
  const paid = sandbox.settle('pat_1', 'paid');
  assert.deepEqual(
    { ...paid, eventId: 'x' },
    {
      eventId: 'x',
      type: 'paid',
      subject: 'payment',
      attemptId: 'pat_1',
      orderId: 'ord_1',
      reference: started.reference,
    },
  );
  assert.notEqual(paid.eventId, pending.eventId, 'each event has its own id');
  assert.deepEqual(await sandbox.lookup({ attemptId: 'pat_1', reference: null }), {
    reference: started.reference,
    status: 'paid',
    amountMinor: 12_550,
    currency: 'thb',
    attemptId: 'pat_1',
    orderId: 'ord_1',
  });
  assert.equal(await sandbox.lookup({ attemptId: 'pat_other', reference: null }), null);
  assert.throws(() => sandbox.settle('pat_other', 'paid'), /no deferred attempt/);

  const second = await sandbox.start({ ...request, attemptId: 'pat_2' });
  assert.equal((await sandbox.close(second.reference)).status, 'expired', 'closing an open session ends it');
  assert.equal((await sandbox.close(started.reference)).status, 'paid', 'a paid one stays paid');
  await assert.rejects(
    sandbox.close('sbx_nope'),
    (error) => error instanceof CommerceError && error.code === 'NOT_FOUND',
  );
});

describePaymentProviderContract('sandbox, immediate', async () => ({ provider: new SandboxPaymentProvider() }));

describePaymentProviderContract('sandbox, deferred (the in-memory fake of a hosted page)', async () => {
  const sandbox = new SandboxPaymentProvider({ settlement: 'deferred' });
  return { provider: sandbox, payOnPage: async ({ attemptId }) => void sandbox.settle(attemptId, 'paid') };
});
