import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ManualClock } from '@grocery/core/testing';
import { testDatabaseKinds, type Db } from '@grocery/store';
import { cognitoError, GOOD_PASSWORD, startPool, type RunningPool } from './pool-fixture.ts';

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

for (const kind of testDatabaseKinds()) {
  describe(`Cognito API under hostile input on ${kind.name}`, () => {
    let db: Db;
    let p: RunningPool;
    before(async () => {
      db = await kind.open();
      p = await startPool(db);
    });
    after(async () => {
      await p?.close();
      await db?.close();
    });

    const signUp = (email: string, password = GOOD_PASSWORD) =>
      p.sdk.send(new SignUpCommand({ ClientId: p.clientId, Username: email, Password: password }));
    const passwordAuth = (email: string, password: string) =>
      p.sdk.send(
        new InitiateAuthCommand({
          ClientId: p.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );

    test('malformed requests get Cognito-shaped 4xx errors with x-amzn-ErrorType', async () => {
      const cases: {
        name: string;
        target: string;
        body: string | Uint8Array;
        headers?: Record<string, string>;
        status: number;
        type: string;
      }[] = [
        {
          name: 'malformed JSON',
          target: 'AWSCognitoIdentityProviderService.SignUp',
          body: '{"ClientId": ',
          status: 400,
          type: 'SerializationException',
        },
        {
          name: 'JSON array body',
          target: 'AWSCognitoIdentityProviderService.SignUp',
          body: '[]',
          status: 400,
          type: 'SerializationException',
        },
        {
          name: 'invalid UTF-8',
          target: 'AWSCognitoIdentityProviderService.SignUp',
          body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
          status: 400,
          type: 'SerializationException',
        },
        {
          name: 'unknown target',
          target: 'AWSCognitoIdentityProviderService.AdminDeleteUser',
          body: '{}',
          status: 400,
          type: 'UnknownOperationException',
        },
        {
          name: 'foreign service target',
          target: 'DynamoDB_20120810.GetItem',
          body: '{}',
          status: 400,
          type: 'UnknownOperationException',
        },
        {
          name: 'prototype key as target',
          target: 'AWSCognitoIdentityProviderService.__proto__',
          body: '{}',
          status: 400,
          type: 'UnknownOperationException',
        },
        { name: 'no target', target: '', body: '{}', status: 400, type: 'UnknownOperationException' },
        {
          name: 'wrong content type',
          target: 'AWSCognitoIdentityProviderService.SignUp',
          body: '{}',
          headers: { 'content-type': 'text/plain' },
          status: 400,
          type: 'SerializationException',
        },
        {
          name: 'huge body',
          target: 'AWSCognitoIdentityProviderService.SignUp',
          body: JSON.stringify({ ClientId: p.clientId, Username: 'x'.repeat(1_000_000) }),
          status: 413,
          type: 'RequestEntityTooLargeException',
        },
        {
          name: 'number as ClientId',
          target: 'AWSCognitoIdentityProviderService.SignUp',
          body: JSON.stringify({ ClientId: 12345, Username: 'a@example.com', Password: GOOD_PASSWORD }),
          status: 400,
          type: 'InvalidParameterException',
        },
        {
          name: 'object as Password',
          target: 'AWSCognitoIdentityProviderService.SignUp',
          body: JSON.stringify({ ClientId: p.clientId, Username: 'a@example.com', Password: { $gt: '' } }),
          status: 400,
          type: 'InvalidParameterException',
        },
        {
          name: 'missing Username',
          target: 'AWSCognitoIdentityProviderService.ConfirmSignUp',
          body: JSON.stringify({ ClientId: p.clientId, ConfirmationCode: '123456' }),
          status: 400,
          type: 'InvalidParameterException',
        },
        {
          name: 'AuthParameters not strings',
          target: 'AWSCognitoIdentityProviderService.InitiateAuth',
          body: JSON.stringify({
            ClientId: p.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: ['a'], PASSWORD: 1 },
          }),
          status: 400,
          type: 'InvalidParameterException',
        },
        {
          name: 'ClientId with SQL',
          target: 'AWSCognitoIdentityProviderService.SignUp',
          body: JSON.stringify({ ClientId: "x' OR '1'='1", Username: 'a@example.com', Password: GOOD_PASSWORD }),
          status: 400,
          type: 'InvalidParameterException',
        },
        {
          name: 'unknown client id',
          target: 'AWSCognitoIdentityProviderService.SignUp',
          body: JSON.stringify({
            ClientId: 'abcdefghijklmnopqrstuvwxyz',
            Username: 'a@example.com',
            Password: GOOD_PASSWORD,
          }),
          status: 400,
          type: 'ResourceNotFoundException',
        },
        {
          name: 'unsupported auth flow',
          target: 'AWSCognitoIdentityProviderService.InitiateAuth',
          body: JSON.stringify({ ClientId: p.clientId, AuthFlow: 'ADMIN_NO_SRP_AUTH', AuthParameters: {} }),
          status: 400,
          type: 'InvalidParameterException',
        },
        {
          name: 'unsupported challenge',
          target: 'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
          body: JSON.stringify({
            ClientId: p.clientId,
            ChallengeName: 'SMS_MFA',
            Session: 'x'.repeat(40),
            ChallengeResponses: {},
          }),
          status: 400,
          type: 'InvalidParameterException',
        },
        {
          name: 'garbage access token',
          target: 'AWSCognitoIdentityProviderService.GetUser',
          body: JSON.stringify({ AccessToken: 'eyJhbGciOiJub25lIn0.e30.' }),
          status: 400,
          type: 'NotAuthorizedException',
        },
      ];
      for (const c of cases) {
        const response = await p.raw(c.target, c.body, c.headers);
        assert.equal(response.status, c.status, c.name);
        assert.equal(response.json.__type, c.type, `${c.name}: ${response.json.message}`);
        assert.equal(typeof response.json.message, 'string', c.name);
        assert.equal(response.headers.get('x-amzn-errortype')?.split(':')[0], c.type, c.name);
        assert.ok(
          !/at \w+ \(|node_modules|\.ts:\d+/.test(response.json.message!),
          `${c.name} leaks a stack: ${response.json.message}`,
        );
      }
      // The pool still works after all that.
      assert.equal(
        (
          await p.raw(
            'AWSCognitoIdentityProviderService.SignUp',
            JSON.stringify({ ClientId: p.clientId, Username: 'still-fine@example.com', Password: GOOD_PASSWORD }),
          )
        ).status,
        200,
      );
    });

    test('unknown client ids are ResourceNotFoundException through the SDK', async () => {
      const error = await cognitoError(
        p.sdk.send(
          new SignUpCommand({
            ClientId: 'zzzzzzzzzzzzzzzzzzzzzzzzzz',
            Username: 'a@example.com',
            Password: GOOD_PASSWORD,
          }),
        ),
      );
      assert.equal(error.name, 'ResourceNotFoundException');
      assert.equal(error.status, 400);
    });

    test('weak passwords are refused with a clear InvalidPasswordException', async () => {
      const cases: [string, RegExp][] = [
        ['Sh0rt!', /not long enough \(at least 8 characters\)/],
        ['alllower1!', /must have uppercase characters/],
        ['ALLUPPER1!', /must have lowercase characters/],
        ['NoDigits!!', /must have numeric characters/],
        ['NoSymbols11', /must have symbol characters/],
        [' Leading1!x', /must not begin or end with a space/],
        ['รหัสผ่านไทย1!', /must have uppercase characters/],
      ];
      for (const [password, message] of cases) {
        const error = await cognitoError(signUp('weak@example.com', password));
        assert.equal(error.name, 'InvalidPasswordException', password);
        assert.match(error.message, /^Password did not conform with policy: /);
        assert.match(error.message, message, password);
      }
      const tooLong = await cognitoError(signUp('weak@example.com', `Aa1!${'x'.repeat(300)}`));
      assert.equal(tooLong.name, 'InvalidParameterException');
      assert.deepEqual(await p.mailbox('weak@example.com'), []);
    });

    test('e-mail edge cases: refused, normalised, or unique regardless of case', async () => {
      for (const bad of [
        'not-an-email',
        'a@b',
        'a@@example.com',
        ' lead@example.com',
        'trail@example.com ',
        'üñï@example.com',
        `${'a'.repeat(65)}@example.com`,
        'a@example.com\r\nBcc: x@example.com',
        '../../etc@example.com',
        '"quoted"@example.com',
        `a@${'b'.repeat(250)}.com`,
      ]) {
        const error = await cognitoError(signUp(bad));
        assert.equal(error.name, 'InvalidParameterException', JSON.stringify(bad));
      }
      const plus = await signUp("o'brien+groceries@example.com");
      assert.ok(plus.UserSub);
      assert.match(await p.latestCode("O'Brien+Groceries@Example.com"), /^\d{6}$/);
      await signUp('Mixed.Case@Example.COM');
      const duplicate = await cognitoError(signUp('mixed.case@example.com'));
      assert.equal(duplicate.name, 'UsernameExistsException');
      const attributeMismatch = await cognitoError(
        p.sdk.send(
          new SignUpCommand({
            ClientId: p.clientId,
            Username: 'one@example.com',
            Password: GOOD_PASSWORD,
            UserAttributes: [{ Name: 'email', Value: 'two@example.com' }],
          }),
        ),
      );
      assert.equal(attributeMismatch.name, 'InvalidParameterException');
      const unknownAttribute = await cognitoError(
        p.sdk.send(
          new SignUpCommand({
            ClientId: p.clientId,
            Username: 'one@example.com',
            Password: GOOD_PASSWORD,
            UserAttributes: [{ Name: 'custom:role', Value: 'admin' }],
          }),
        ),
      );
      assert.equal(unknownAttribute.name, 'InvalidParameterException');
      assert.equal((await fetch(`${p.issuer}/dev/mailbox/${encodeURIComponent('../../etc/passwd')}`)).status, 400);
    });

    test('brute-forcing a sign-up code locks the code after five wrong tries', async () => {
      const email = 'brute@example.com';
      await signUp(email);
      const code = await p.latestCode(email);
      const wrong = wrongCodeFor(code);
      const confirm = (value: string) =>
        p.sdk.send(new ConfirmSignUpCommand({ ClientId: p.clientId, Username: email, ConfirmationCode: value }));
      for (let i = 1; i <= 4; i++)
        assert.equal((await cognitoError(confirm(wrong))).name, 'CodeMismatchException', `try ${i}`);
      assert.equal((await cognitoError(confirm(wrong))).name, 'TooManyFailedAttemptsException');
      assert.equal(
        (await cognitoError(confirm(code))).name,
        'TooManyFailedAttemptsException',
        'the right code no longer works',
      );
      await p.sdk.send(new ResendConfirmationCodeCommand({ ClientId: p.clientId, Username: email }));
      const fresh = await p.latestCode(email);
      if (fresh !== code)
        assert.equal((await cognitoError(confirm(code))).name, 'CodeMismatchException', 'the old code stays dead');
      await confirm(fresh);
    });

    test('parallel guesses cannot exceed the attempt limit', async () => {
      const email = 'parallel@example.com';
      await signUp(email);
      const code = await p.latestCode(email);
      const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      const results = await Promise.allSettled(
        guesses.map((guess) =>
          p.sdk.send(new ConfirmSignUpCommand({ ClientId: p.clientId, Username: email, ConfirmationCode: guess })),
        ),
      );
      const names = results.map((r) => (r.status === 'rejected' ? (r.reason as Error).name : 'ok'));
      assert.equal(names.filter((n) => n === 'CodeMismatchException').length, 4, names.join());
      assert.equal(
        (
          await cognitoError(
            p.sdk.send(new ConfirmSignUpCommand({ ClientId: p.clientId, Username: email, ConfirmationCode: code })),
          )
        ).name,
        'TooManyFailedAttemptsException',
      );
    });

    test('brute-forcing the EMAIL_OTP code burns the session after three wrong tries', async () => {
      const email = 'otp-brute@example.com';
      await signUp(email);
      await p.sdk.send(
        new ConfirmSignUpCommand({
          ClientId: p.clientId,
          Username: email,
          ConfirmationCode: await p.latestCode(email),
        }),
      );
      const started = await passwordAuth(email, GOOD_PASSWORD);
      const code = await p.latestCode(email);
      const respond = (value: string, session = started.Session) =>
        p.sdk.send(
          new RespondToAuthChallengeCommand({
            ClientId: p.clientId,
            ChallengeName: 'EMAIL_OTP',
            Session: session,
            ChallengeResponses: { USERNAME: email, EMAIL_OTP_CODE: value },
          }),
        );
      assert.equal((await cognitoError(respond(wrongCodeFor(code)))).name, 'CodeMismatchException');
      assert.equal((await cognitoError(respond('12345'))).name, 'CodeMismatchException');
      assert.equal((await cognitoError(respond(wrongCodeFor(code)))).name, 'TooManyFailedAttemptsException');
      assert.equal((await cognitoError(respond(code))).name, 'TooManyFailedAttemptsException');
      assert.equal(
        (await cognitoError(respond(code, `${started.Session!.slice(0, -4)}AAAA`))).name,
        'NotAuthorizedException',
        'a forged session',
      );
      // Another user's name with this session is refused.
      const other = await cognitoError(
        p.sdk.send(
          new RespondToAuthChallengeCommand({
            ClientId: p.clientId,
            ChallengeName: 'EMAIL_OTP',
            Session: started.Session,
            ChallengeResponses: { USERNAME: 'brute@example.com', EMAIL_OTP_CODE: code },
          }),
        ),
      );
      assert.equal(other.name, 'NotAuthorizedException');
    });

    test('wrong passwords slow sign-in from that client with growing delays, never lock the shopper out; unknown users look the same', async () => {
      const clock = new ManualClock(Date.now());
      const q = await startPool(db, { clock });
      try {
        const email = 'slowed@example.com';
        await q.sdk.send(new SignUpCommand({ ClientId: q.clientId, Username: email, Password: GOOD_PASSWORD }));
        await q.sdk.send(
          new ConfirmSignUpCommand({
            ClientId: q.clientId,
            Username: email,
            ConfirmationCode: await q.latestCode(email),
          }),
        );
        const from = async (address: string, username: string, password: string) => {
          const body = JSON.stringify({
            ClientId: q.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: username, PASSWORD: password },
          });
          const response = await q.pool.handle({
            method: 'POST',
            path: '/',
            query: new URLSearchParams(),
            headers: {
              'content-type': 'application/x-amz-json-1.1',
              'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
            },
            body: Buffer.from(body),
            remoteAddress: address,
          });
          return JSON.parse(String(response.body)) as { __type?: string; message?: string; ChallengeName?: string };
        };
        const attacker = '203.0.113.7';
        const unknown = await from(attacker, 'nobody@example.com', GOOD_PASSWORD);
        const wrong = await from(attacker, email, 'Wrong-Passw0rd');
        assert.deepEqual(unknown, wrong);
        assert.deepEqual(wrong, { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
        // Five wrong passwords in a row are free; the sixth makes that client wait 1 s, the seventh 2 s, ...
        for (let i = 0; i < 4; i++) await from(attacker, email, 'Wrong-Passw0rd');
        assert.equal(
          (await from(attacker, email, GOOD_PASSWORD)).ChallengeName,
          'EMAIL_OTP',
          'five wrong passwords do not stop the right one',
        );
        for (let i = 0; i < 6; i++) await from(attacker, email, 'Wrong-Passw0rd');
        assert.equal(
          (await from(attacker, email, GOOD_PASSWORD)).message,
          'Password attempts exceeded',
          'the attacker waits',
        );
        assert.equal(
          (await from('198.51.100.20', email, GOOD_PASSWORD)).ChallengeName,
          'EMAIL_OTP',
          'the shopper, elsewhere, is not locked out',
        );
        clock.advance(1_000);
        assert.equal(
          (await from(attacker, email, 'Wrong-Passw0rd')).message,
          'Incorrect username or password.',
          'after the wait, one more try',
        );
        clock.advance(1_000);
        assert.equal(
          (await from(attacker, email, GOOD_PASSWORD)).message,
          'Password attempts exceeded',
          'and the next wait is twice as long',
        );
        clock.advance(1_000);
        assert.equal((await from(attacker, email, GOOD_PASSWORD)).ChallengeName, 'EMAIL_OTP');
        // Waits grow up to 15 minutes, never a lock: the same for an address that has no user.
        for (let failures = 1; failures <= 20; failures++) {
          assert.equal(
            (await from(attacker, 'nobody-else@example.com', 'x')).message,
            'Incorrect username or password.',
            `failure ${failures}`,
          );
          clock.advance(failures <= 5 ? 0 : Math.min(2 ** (failures - 6) * 1_000, 15 * 60_000));
        }
        assert.equal((await from(attacker, 'nobody-else@example.com', 'x')).message, 'Incorrect username or password.');
        clock.advance(15 * 60_000 - 1);
        assert.equal((await from(attacker, 'nobody-else@example.com', 'x')).message, 'Password attempts exceeded');
        clock.advance(15 * 60_000);
        assert.equal(
          (await from(attacker, 'nobody-else@example.com', 'x')).message,
          'Incorrect username or password.',
          'the longest wait is 15 minutes',
        );
      } finally {
        await q.close();
      }
    });

    test('forgot-password and resend answer alike for unknown and known users', async () => {
      const unknown = await p.sdk.send(
        new ForgotPasswordCommand({ ClientId: p.clientId, Username: 'ghost@example.com' }),
      );
      const known = await p.sdk.send(
        new ForgotPasswordCommand({ ClientId: p.clientId, Username: 'locked@example.com' }),
      );
      assert.deepEqual(unknown.CodeDeliveryDetails, {
        Destination: 'g***@e***',
        DeliveryMedium: 'EMAIL',
        AttributeName: 'email',
      });
      assert.deepEqual(Object.keys(unknown).sort(), Object.keys(known).sort());
      assert.deepEqual(await p.mailbox('ghost@example.com'), []);
      const resend = await p.sdk.send(
        new ResendConfirmationCodeCommand({ ClientId: p.clientId, Username: 'ghost@example.com' }),
      );
      assert.equal(resend.CodeDeliveryDetails?.DeliveryMedium, 'EMAIL');
      const confirmGhost = await cognitoError(
        p.sdk.send(
          new ConfirmSignUpCommand({ ClientId: p.clientId, Username: 'ghost@example.com', ConfirmationCode: '123456' }),
        ),
      );
      assert.equal(confirmGhost.name, 'CodeMismatchException');
    });

    test('codes sent per address are limited per hour', async () => {
      const email = 'flood@example.com';
      await signUp(email);
      for (let i = 0; i < 9; i++)
        await p.sdk.send(new ResendConfirmationCodeCommand({ ClientId: p.clientId, Username: email }));
      const limited = await cognitoError(
        p.sdk.send(new ResendConfirmationCodeCommand({ ClientId: p.clientId, Username: email })),
      );
      assert.equal(limited.name, 'LimitExceededException');
      assert.equal((await p.mailbox(email)).length, 10);
      // Unknown addresses are limited the same way, so the limit reveals nothing.
      const resendGhost = () =>
        p.sdk.send(new ResendConfirmationCodeCommand({ ClientId: p.clientId, Username: 'ghost-flood@example.com' }));
      for (let i = 0; i < 10; i++) await resendGhost();
      assert.equal((await cognitoError(resendGhost())).name, 'LimitExceededException');
    });

    test('codes and challenge sessions expire; a stale unconfirmed sign-up can be redone', async () => {
      const clock = new ManualClock(Date.now());
      const late = await startPool(db, { clock });
      try {
        const email = 'slow@example.com';
        await late.sdk.send(new SignUpCommand({ ClientId: late.clientId, Username: email, Password: GOOD_PASSWORD }));
        const code = await late.latestCode(email);
        const taken = await cognitoError(
          late.sdk.send(new SignUpCommand({ ClientId: late.clientId, Username: email, Password: GOOD_PASSWORD })),
        );
        assert.equal(taken.name, 'UsernameExistsException');
        clock.advance(24 * 3600_000 + 1);
        const expired = await cognitoError(
          late.sdk.send(new ConfirmSignUpCommand({ ClientId: late.clientId, Username: email, ConfirmationCode: code })),
        );
        assert.equal(expired.name, 'ExpiredCodeException');
        // Past its code's lifetime, the unconfirmed address is free again (nobody can squat it).
        const redo = await late.sdk.send(
          new SignUpCommand({ ClientId: late.clientId, Username: email, Password: GOOD_PASSWORD }),
        );
        await late.sdk.send(
          new ConfirmSignUpCommand({
            ClientId: late.clientId,
            Username: email,
            ConfirmationCode: await late.latestCode(email),
          }),
        );
        assert.ok(redo.UserSub);

        const started = await late.sdk.send(
          new InitiateAuthCommand({
            ClientId: late.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: GOOD_PASSWORD },
          }),
        );
        const otp = await late.latestCode(email);
        clock.advance(5 * 60_000 + 1);
        const tooLate = await cognitoError(
          late.sdk.send(
            new RespondToAuthChallengeCommand({
              ClientId: late.clientId,
              ChallengeName: 'EMAIL_OTP',
              Session: started.Session,
              ChallengeResponses: { USERNAME: email, EMAIL_OTP_CODE: otp },
            }),
          ),
        );
        assert.equal(tooLate.name, 'NotAuthorizedException');
        assert.equal(tooLate.message, 'Invalid session for the user, session is expired.');
      } finally {
        await late.close();
      }
    });
  });
}
