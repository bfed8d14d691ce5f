import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sign, verify } from '@octokit/webhooks-methods';
import type { WebhookSendResult } from '../src/ports/webhook-sender.ts';
import { DEFAULT_POLL_SCHEDULE, pollDelayMs } from '../src/services/order-poller.ts';
import { deliveryOutcome, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from '../src/services/webhook-dispatcher.ts';
import { signWebhookBody, verifyWebhookSignature } from '../src/services/webhook-signature.ts';

const response = (status: number): WebhookSendResult => ({
  kind: 'response',
  status,
  responseSnippet: '',
  latencyMs: 1,
});
const failure = (error: 'timeout' | 'network' | 'blocked' | 'aborted'): WebhookSendResult => ({
  kind: 'error',
  error,
  message: error,
  latencyMs: 1,
});

describe('deliveryOutcome', () => {
  test('the schedule of DESIGN.md §4: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then failed', () => {
    assert.equal(WEBHOOK_MAX_ATTEMPTS, 8);
    const seconds = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000];
    for (let made = 0; made < 7; made++) {
      assert.deepEqual(deliveryOutcome(response(500), made, 1_000), {
        kind: 'retry',
        nextAttemptAtMs: 1_000 + seconds[made]! * 1000,
      });
    }
    assert.deepEqual(deliveryOutcome(response(500), 7, 1_000), { kind: 'failed' });
    assert.deepEqual(
      [...WEBHOOK_RETRY_DELAYS_MS],
      seconds.map((s) => s * 1000),
    );
  });

  test('2xx delivers, 410 is gone, redirects and other statuses retry, an abort releases', () => {
    for (const status of [200, 201, 202, 204, 299])
      assert.deepEqual(deliveryOutcome(response(status), 0, 0), { kind: 'delivered' });
    assert.deepEqual(deliveryOutcome(response(410), 3, 0), { kind: 'gone' });
    for (const status of [199, 301, 302, 307, 308, 400, 401, 404, 409, 429, 500, 503])
      assert.equal(deliveryOutcome(response(status), 0, 0).kind, 'retry', String(status));
    for (const error of ['timeout', 'network', 'blocked'] as const)
      assert.equal(deliveryOutcome(failure(error), 0, 0).kind, 'retry', error);
    assert.deepEqual(deliveryOutcome(failure('aborted'), 7, 0), { kind: 'released' });
  });
});

describe('pollDelayMs', () => {
  test('paid orders back off 15 s, 30 s, 1 min, 2 min, then every 5 min; unpaid ones 1, 5, 15, then every 30 min', () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 50].map((m) => pollDelayMs(DEFAULT_POLL_SCHEDULE, true, m)),
      [15_000, 30_000, 60_000, 120_000, 300_000, 300_000, 300_000],
    );
    assert.deepEqual(
      [0, 1, 2, 3, 9].map((m) => pollDelayMs(DEFAULT_POLL_SCHEDULE, false, m)),
      [60_000, 300_000, 900_000, 1_800_000, 1_800_000],
    );
  });
});

describe('webhook signatures', () => {
  const body = JSON.stringify({ id: 'evt_1', type: 'payment.paid', ts: 1 });
  test('GitHub format: octokit signs the same and verifies ours', async () => {
    assert.equal(signWebhookBody('whsec_abc', body), await sign('whsec_abc', body));
    assert.equal(await verify('whsec_abc', body, signWebhookBody('whsec_abc', body)), true);
  });
  test('verification is exact', () => {
    const good = signWebhookBody('s3cret', body);
    assert.equal(verifyWebhookSignature('s3cret', body, good), true);
    assert.equal(verifyWebhookSignature('s3cret', Buffer.from(body), good), true);
    for (const bad of [
      undefined,
      '',
      'sha256=',
      good.toUpperCase(),
      good.slice(7),
      `${good}0`,
      good.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      `sha1=${good.slice(7)}`,
    ]) {
      assert.equal(verifyWebhookSignature('s3cret', body, bad), false, String(bad));
    }
    assert.equal(verifyWebhookSignature('other', body, good), false);
    assert.equal(verifyWebhookSignature('s3cret', `${body} `, good), false);
  });
});
