import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ERROR_CODES } from '@grocery/core';
import { ApiError } from '../web/lib/api-error.ts';
import { CognitoError } from '../web/lib/cognito-client.ts';
import { couponReasonText, errorText } from '../web/lib/error-text.ts';
import { MESSAGES } from '../web/lib/i18n-messages.ts';

const THAI = /[\u0E00-\u0E7F]/;
const fallback = { en: errorText(new Error('x'), 'en'), th: errorText(new Error('x'), 'th') };

/** Codes a shopper can meet; the rest are about servers talking to servers. */
const NOT_FOR_SHOPPERS = new Set([
  'SIGNATURE_INVALID',
  'NOTIFICATION_REPLAYED',
  'QUERY_TOO_COMPLEX',
  'RESPONSE_TOO_LARGE',
  'PAYLOAD_TOO_LARGE',
  // The admin API's: operators meet it, shoppers never do.
  'CLIENT_ID_TAKEN',
  'FORBIDDEN',
  'ADMIN_TOKEN_INVALID',
  // Go-live is the partner's step, taken through the admin API.
  'GO_LIVE_NOT_READY',
  // The REST catalog's own answers: partner servers meet them, shoppers never do.
  'DOWNLOAD_LINK_INVALID',
  'DOWNLOAD_LINK_EXPIRED',
  'METHOD_NOT_ALLOWED',
  'CATALOG_UNAVAILABLE',
  // Agent checkout sessions: agent platforms meet them, the demo shop never does.
  'CHECKOUT_SESSION_CLOSED',
  'CHECKOUT_SESSION_BUSY',
]);

test('every API error code a shopper can meet has its own words in English and Thai', () => {
  for (const code of ERROR_CODES.filter((c) => !NOT_FOR_SHOPPERS.has(c))) {
    const error = new ApiError(code, 'server words', 'lines.0.cprcode');
    const en = errorText(error, 'en', { productName: () => 'Fresh Milk' });
    const th = errorText(error, 'th', { productName: () => 'นมสด' });
    assert.notEqual(en, 'server words', code);
    assert.notEqual(en, fallback.en, code);
    assert.match(th, THAI, code);
    assert.doesNotMatch(en + th, /\{\w+\}/, `${code}: every placeholder filled`);
  }
  assert.equal(
    errorText(new ApiError('PRICE_UNAVAILABLE', 'x', 'lines.0.cprcode'), 'en', { productName: () => 'Fresh Milk' }),
    'Fresh Milk has no price at this branch. Remove it, or choose another branch.',
  );
  assert.match(
    errorText(new ApiError('DELIVERY_UNAVAILABLE', 'x', 'input.postcode'), 'en', { postcode: '99999' }),
    /No branch serves postcode 99999/,
  );
});

test('the identity provider’s errors in words, in both languages', () => {
  for (const type of [
    'CodeMismatchException',
    'ExpiredCodeException',
    'InvalidPasswordException',
    'UsernameExistsException',
    'NotAuthorizedException',
    'UserNotConfirmedException',
    'TooManyFailedAttemptsException',
    'LimitExceededException',
    'InvalidParameterException',
    'NetworkError',
  ]) {
    const error = new CognitoError(type, 'provider words');
    assert.notEqual(errorText(error, 'en'), fallback.en, type);
    assert.match(errorText(error, 'th'), THAI, type);
  }
  assert.match(
    errorText(new CognitoError('NotAuthorizedException', 'Password attempts exceeded'), 'en'),
    /Wait 15 minutes/,
  );
});

test('every coupon failure reason the schema names has words in both languages', () => {
  const schema = readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8');
  const reasons = /Reasons: ([A-Z_, ]+)\./.exec(schema)?.[1]?.split(/,\s*/) ?? [];
  assert.ok(reasons.length >= 9, 'the schema lists the reasons');
  for (const reason of reasons) {
    assert.notEqual(couponReasonText(reason, undefined, 'en'), fallback.en, reason);
    assert.match(couponReasonText(reason, undefined, 'th'), THAI, reason);
  }
});

test('the Thai texts are complete and translated', () => {
  const keys = Object.keys(MESSAGES.en) as (keyof typeof MESSAGES.en)[];
  assert.deepEqual(Object.keys(MESSAGES.th).sort(), [...keys].sort());
  const untranslated = keys.filter((key) => MESSAGES.th[key] === MESSAGES.en[key] || !THAI.test(MESSAGES.th[key]));
  // The language switch names the other language, so it is in English on the Thai side.
  assert.deepEqual(untranslated, ['langSwitch', 'langSwitchLabel']);
});
