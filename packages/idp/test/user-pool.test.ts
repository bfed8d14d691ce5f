import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createJwtIdentityVerifier } from '@grocery/core';
import { testDatabaseKinds, type Db } from '@grocery/store';
import { cognitoError, GOOD_PASSWORD, startPool, type RunningPool } from './pool-fixture.ts';

/** Signs a user up and confirms them with the code read from the dev mailbox over HTTP. */
async function signUpConfirmed(p: RunningPool, email: string, password = GOOD_PASSWORD): Promise<string> {
  const signUp = await p.sdk.send(
    new SignUpCommand({
      ClientId: p.clientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  await p.sdk.send(
    new ConfirmSignUpCommand({ ClientId: p.clientId, Username: email, ConfirmationCode: await p.latestCode(email) }),
  );
  return signUp.UserSub!;
}

/** Password, then the EMAIL_OTP challenge answered from the mailbox. */
async function signIn(p: RunningPool, email: string, password = GOOD_PASSWORD) {
  const started = await p.sdk.send(
    new InitiateAuthCommand({
      ClientId: p.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  assert.equal(started.ChallengeName, 'EMAIL_OTP');
  const done = await p.sdk.send(
    new RespondToAuthChallengeCommand({
      ClientId: p.clientId,
      ChallengeName: 'EMAIL_OTP',
      Session: started.Session,
      ChallengeResponses: { USERNAME: email, EMAIL_OTP_CODE: await p.latestCode(email) },
    }),
  );
  return done.AuthenticationResult!;
}

for (const kind of testDatabaseKinds()) {
  describe(`user pool on ${kind.name}`, () => {
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

    test('signs up, confirms by e-mailed code, signs in through EMAIL_OTP; the id token verifies against the published JWKS', async () => {
      const email = 'Shopper.One@Example.com';
      const signUp = await p.sdk.send(
        new SignUpCommand({ ClientId: p.clientId, Username: email, Password: GOOD_PASSWORD }),
      );
      assert.equal(signUp.UserConfirmed, false);
      assert.match(signUp.UserSub!, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.deepEqual(signUp.CodeDeliveryDetails, {
        Destination: 's***@e***',
        DeliveryMedium: 'EMAIL',
        AttributeName: 'email',
      });

      const [mail] = await p.mailbox('shopper.one@example.com');
      assert.ok(mail);
      assert.match(mail.subject, /Confirm your e-mail address/);
      assert.match(mail.text, /expires in 24 hours/);
      assert.match(mail.text, /รหัสนี้จะหมดอายุใน 24 ชั่วโมง/);
      assert.match(mail.code!, /^\d{6}$/);

      const notYet = await cognitoError(
        p.sdk.send(
          new InitiateAuthCommand({
            ClientId: p.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: GOOD_PASSWORD },
          }),
        ),
      );
      assert.equal(notYet.name, 'UserNotConfirmedException');

      await p.sdk.send(
        new ConfirmSignUpCommand({ ClientId: p.clientId, Username: email, ConfirmationCode: mail.code! }),
      );
      const again = await cognitoError(
        p.sdk.send(new ConfirmSignUpCommand({ ClientId: p.clientId, Username: email, ConfirmationCode: mail.code! })),
      );
      assert.equal(again.name, 'NotAuthorizedException');

      const started = await p.sdk.send(
        new InitiateAuthCommand({
          ClientId: p.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: GOOD_PASSWORD },
        }),
      );
      assert.equal(started.ChallengeName, 'EMAIL_OTP');
      assert.ok(started.Session && started.Session.length >= 20);
      assert.equal(started.ChallengeParameters?.CODE_DELIVERY_DELIVERY_MEDIUM, 'EMAIL');
      assert.equal(started.ChallengeParameters?.CODE_DELIVERY_DESTINATION, 's***@e***');
      assert.equal(started.AuthenticationResult, undefined);
      const [otpMail] = await p.mailbox(email);
      assert.match(otpMail!.subject, /sign-in code/);
      assert.notEqual(otpMail!.code, mail.code);

      const done = await p.sdk.send(
        new RespondToAuthChallengeCommand({
          ClientId: p.clientId,
          ChallengeName: 'EMAIL_OTP',
          Session: started.Session,
          ChallengeResponses: { USERNAME: email, EMAIL_OTP_CODE: otpMail!.code! },
        }),
      );
      const result = done.AuthenticationResult!;
      assert.equal(result.TokenType, 'Bearer');
      assert.equal(result.ExpiresIn, 3600);
      assert.ok(result.RefreshToken && result.AccessToken && result.IdToken);

      // The session is single use.
      const replay = await cognitoError(
        p.sdk.send(
          new RespondToAuthChallengeCommand({
            ClientId: p.clientId,
            ChallengeName: 'EMAIL_OTP',
            Session: started.Session,
            ChallengeResponses: { USERNAME: email, EMAIL_OTP_CODE: otpMail!.code! },
          }),
        ),
      );
      assert.equal(replay.name, 'NotAuthorizedException');

      const jwks = createRemoteJWKSet(new URL(`${p.issuer}/.well-known/jwks.json`));
      const { payload, protectedHeader } = await jwtVerify(result.IdToken!, jwks, {
        issuer: p.issuer,
        audience: p.clientId,
        algorithms: ['RS256'],
      });
      assert.equal(protectedHeader.alg, 'RS256');
      assert.ok(protectedHeader.kid);
      assert.equal(payload.sub, signUp.UserSub);
      assert.equal(payload.token_use, 'id');
      assert.equal(payload.email, 'shopper.one@example.com');
      assert.equal(payload.email_verified, true);
      assert.equal(payload.exp! - payload.iat!, 3600);
      assert.equal(typeof payload.auth_time, 'number');

      const access = await jwtVerify(result.AccessToken!, jwks, { issuer: p.issuer, algorithms: ['RS256'] });
      assert.equal(access.payload.token_use, 'access');
      assert.equal(access.payload.client_id, p.clientId);
      assert.equal(access.payload.username, signUp.UserSub);
      assert.equal(access.payload.scope, 'aws.cognito.signin.user.admin');
      assert.equal(access.payload.aud, undefined);

      const verifier = createJwtIdentityVerifier({ issuer: p.issuer });
      assert.deepEqual(await verifier.verify(result.IdToken!, [p.clientId]), {
        ownerId: signUp.UserSub,
        email: 'shopper.one@example.com',
        clientId: p.clientId,
      });
      await assert.rejects(verifier.verify(result.IdToken!, ['someotherpartnerclient0000']), {
        code: 'UNAUTHENTICATED',
      });
      await assert.rejects(verifier.verify(result.AccessToken!, [p.clientId]), { code: 'UNAUTHENTICATED' });

      const user = await p.sdk.send(new GetUserCommand({ AccessToken: result.AccessToken }));
      assert.equal(user.Username, signUp.UserSub);
      assert.deepEqual(Object.fromEntries(user.UserAttributes!.map((a) => [a.Name, a.Value])), {
        sub: signUp.UserSub,
        email: 'shopper.one@example.com',
        email_verified: 'true',
      });
    });

    test('refreshes tokens, and GlobalSignOut revokes refresh and access tokens', async () => {
      const email = 'refresh@example.com';
      const sub = await signUpConfirmed(p, email);
      const first = await signIn(p, email);
      const refreshed = await p.sdk.send(
        new InitiateAuthCommand({
          ClientId: p.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: first.RefreshToken! },
        }),
      );
      const fresh = refreshed.AuthenticationResult!;
      assert.ok(fresh.IdToken && fresh.AccessToken);
      assert.equal(fresh.RefreshToken, undefined);
      assert.notEqual(fresh.IdToken, first.IdToken);
      const verifier = createJwtIdentityVerifier({ issuer: p.issuer });
      assert.equal((await verifier.verify(fresh.IdToken!, [p.clientId])).ownerId, sub);
      const claims = (await jwtVerify(fresh.IdToken!, createRemoteJWKSet(new URL(`${p.issuer}/.well-known/jwks.json`))))
        .payload;
      const original = (
        await jwtVerify(first.IdToken!, createRemoteJWKSet(new URL(`${p.issuer}/.well-known/jwks.json`)))
      ).payload;
      assert.equal(claims.auth_time, original.auth_time);

      // A refresh token works only for the app client it was issued to.
      const other = await p.pool.createAppClient({ name: 'Other partner' });
      const wrongClient = await cognitoError(
        p.sdk.send(
          new InitiateAuthCommand({
            ClientId: other.clientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: first.RefreshToken! },
          }),
        ),
      );
      assert.equal(wrongClient.name, 'NotAuthorizedException');
      const garbage = await cognitoError(
        p.sdk.send(
          new InitiateAuthCommand({
            ClientId: p.clientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: 'not-a-refresh-token' },
          }),
        ),
      );
      assert.equal(garbage.name, 'NotAuthorizedException');

      const second = await signIn(p, email);
      await p.sdk.send(new GlobalSignOutCommand({ AccessToken: fresh.AccessToken }));

      for (const token of [first.RefreshToken!, second.RefreshToken!]) {
        const revoked = await cognitoError(
          p.sdk.send(
            new InitiateAuthCommand({
              ClientId: p.clientId,
              AuthFlow: 'REFRESH_TOKEN_AUTH',
              AuthParameters: { REFRESH_TOKEN: token },
            }),
          ),
        );
        assert.equal(revoked.name, 'NotAuthorizedException');
        assert.equal(revoked.message, 'Refresh Token has been revoked');
      }
      for (const token of [first.AccessToken!, fresh.AccessToken!, second.AccessToken!]) {
        const denied = await cognitoError(p.sdk.send(new GetUserCommand({ AccessToken: token })));
        assert.equal(denied.name, 'NotAuthorizedException');
      }
      // Signing in again after the sign-out works.
      const third = await signIn(p, email);
      assert.equal((await p.sdk.send(new GetUserCommand({ AccessToken: third.AccessToken }))).Username, sub);

      // RevokeToken ends one sign-in only.
      await p.sdk.send(new RevokeTokenCommand({ ClientId: p.clientId, Token: third.RefreshToken! }));
      assert.equal(
        (await cognitoError(p.sdk.send(new GetUserCommand({ AccessToken: third.AccessToken })))).name,
        'NotAuthorizedException',
      );
    });

    test('forgot password: the e-mailed code sets a new password and ends old sign-ins', async () => {
      const email = 'forgetful@example.com';
      await signUpConfirmed(p, email);
      const before = await signIn(p, email);
      const sent = await p.sdk.send(new ForgotPasswordCommand({ ClientId: p.clientId, Username: email }));
      assert.deepEqual(sent.CodeDeliveryDetails, {
        Destination: 'f***@e***',
        DeliveryMedium: 'EMAIL',
        AttributeName: 'email',
      });
      const [mail] = await p.mailbox(email);
      assert.match(mail!.subject, /Reset your password/);
      assert.match(mail!.text, /expires in 1 hour/);

      const weak = await cognitoError(
        p.sdk.send(
          new ConfirmForgotPasswordCommand({
            ClientId: p.clientId,
            Username: email,
            ConfirmationCode: mail!.code!,
            Password: 'weak',
          }),
        ),
      );
      assert.equal(weak.name, 'InvalidPasswordException');
      const wrong = await cognitoError(
        p.sdk.send(
          new ConfirmForgotPasswordCommand({
            ClientId: p.clientId,
            Username: email,
            ConfirmationCode: mail!.code === '000000' ? '000001' : '000000',
            Password: 'N3w-Password!',
          }),
        ),
      );
      assert.equal(wrong.name, 'CodeMismatchException');
      await p.sdk.send(
        new ConfirmForgotPasswordCommand({
          ClientId: p.clientId,
          Username: email,
          ConfirmationCode: mail!.code!,
          Password: 'N3w-Password!',
        }),
      );

      const old = await cognitoError(
        p.sdk.send(
          new InitiateAuthCommand({
            ClientId: p.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: GOOD_PASSWORD },
          }),
        ),
      );
      assert.equal(old.name, 'NotAuthorizedException');
      assert.equal(
        (await cognitoError(p.sdk.send(new GetUserCommand({ AccessToken: before.AccessToken })))).name,
        'NotAuthorizedException',
      );
      const after = await signIn(p, email, 'N3w-Password!');
      assert.ok(after.IdToken);
      const reused = await cognitoError(
        p.sdk.send(
          new ConfirmForgotPasswordCommand({
            ClientId: p.clientId,
            Username: email,
            ConfirmationCode: mail!.code!,
            Password: 'An0ther-Password!',
          }),
        ),
      );
      assert.equal(reused.name, 'CodeMismatchException');
    });

    test('publishes OIDC discovery and a JWKS, and answers CORS preflight', async () => {
      const discovery = (await (await fetch(`${p.issuer}/.well-known/openid-configuration`)).json()) as Record<
        string,
        unknown
      >;
      assert.equal(discovery.issuer, p.issuer);
      assert.equal(discovery.jwks_uri, `${p.issuer}/.well-known/jwks.json`);
      assert.deepEqual(discovery.id_token_signing_alg_values_supported, ['RS256']);
      const jwks = (await (await fetch(`${p.issuer}/.well-known/jwks.json`)).json()) as {
        keys: Record<string, unknown>[];
      };
      assert.equal(jwks.keys.length, 1);
      assert.deepEqual(Object.keys(jwks.keys[0]!).sort(), ['alg', 'e', 'kid', 'kty', 'n', 'use']);
      assert.equal(jwks.keys[0]!.d, undefined);

      const preflight = await fetch(`${p.issuer}/`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:3000',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
        },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
      const allowed = preflight.headers
        .get('access-control-allow-headers')!
        .split(',')
        .map((h) => h.trim());
      for (const header of ['content-type', 'x-amz-target', 'x-amz-user-agent'])
        assert.ok(allowed.includes(header), header);
      const error = await p.raw('AWSCognitoIdentityProviderService.GetUser', '{"AccessToken":"x"}', {
        origin: 'http://localhost:3000',
      });
      assert.equal(error.headers.get('access-control-allow-origin'), '*');
    });

    test('rotates signing keys: new tokens use the new kid, old tokens verify until the next rotation', async () => {
      const email = 'rotation@example.com';
      await signUpConfirmed(p, email);
      const before = await signIn(p, email);
      const oldKid = decodeProtectedHeader(before.IdToken!).kid;
      const { kid } = await p.pool.rotateSigningKey();
      assert.notEqual(kid, oldKid);
      const after = await signIn(p, email);
      assert.equal(decodeProtectedHeader(after.IdToken!).kid, kid);
      const kids = (
        (await (await fetch(`${p.issuer}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] }
      ).keys.map((k) => k.kid);
      assert.deepEqual(new Set(kids), new Set([kid, oldKid]));
      // A fresh verifier, and one that cached the old JWKS and must refetch on the unknown kid.
      const verifier = createJwtIdentityVerifier({ issuer: p.issuer, jwksCooldownMs: 0 });
      assert.ok(await verifier.verify(before.IdToken!, [p.clientId]));
      assert.ok(await verifier.verify(after.IdToken!, [p.clientId]));

      await p.pool.rotateSigningKey();
      const remaining = (
        (await (await fetch(`${p.issuer}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] }
      ).keys.map((k) => k.kid);
      assert.equal(remaining.length, 2);
      assert.ok(!remaining.includes(oldKid!));
      await assert.rejects(createJwtIdentityVerifier({ issuer: p.issuer }).verify(before.IdToken!, [p.clientId]), {
        code: 'UNAUTHENTICATED',
      });
    });
  });
}

describe('user pool settings', () => {
  let db: Db;
  before(async () => {
    const [kind] = testDatabaseKinds();
    db = await kind!.open();
  });
  after(async () => db?.close());

  test('with emailOtp off, the password alone signs in', async () => {
    const p = await startPool(db, { emailOtp: false });
    try {
      await signUpConfirmed(p, 'nootp@example.com');
      const result = await p.sdk.send(
        new InitiateAuthCommand({
          ClientId: p.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'nootp@example.com', PASSWORD: GOOD_PASSWORD },
        }),
      );
      assert.equal(result.ChallengeName, undefined);
      assert.ok(result.AuthenticationResult?.IdToken);
    } finally {
      await p.close();
    }
  });

  test('without dev, the mailbox is not served', async () => {
    const p = await startPool(db, { dev: false });
    try {
      await p.sdk.send(
        new SignUpCommand({ ClientId: p.clientId, Username: 'private@example.com', Password: GOOD_PASSWORD }),
      );
      assert.equal((await fetch(`${p.issuer}/dev/mailbox/private%40example.com`)).status, 404);
    } finally {
      await p.close();
    }
  });

  test('with smtpUrl set, codes go to the SMTP server in English and Thai, and nothing is kept in the mailbox', async () => {
    const received: { to: string[]; raw: Buffer }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const p = await startPool(db, {
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Shop <no-reply@shop.example>' },
    });
    try {
      await p.sdk.send(
        new SignUpCommand({ ClientId: p.clientId, Username: 'smtp@example.com', Password: GOOD_PASSWORD }),
      );
      assert.equal(received.length, 1);
      assert.deepEqual(received[0]!.to, ['smtp@example.com']);
      const mail = await simpleParser(received[0]!.raw);
      assert.equal(mail.from?.value[0]?.address, 'no-reply@shop.example');
      assert.match(mail.subject ?? '', /ยืนยันอีเมลของคุณ/);
      assert.match(mail.text ?? '', /The code expires in 24 hours/);
      assert.match(mail.text ?? '', /รหัสนี้จะหมดอายุใน 24 ชั่วโมง/);
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
      assert.ok(code);
      await p.sdk.send(
        new ConfirmSignUpCommand({ ClientId: p.clientId, Username: 'smtp@example.com', ConfirmationCode: code }),
      );
      assert.deepEqual(await p.mailbox('smtp@example.com'), []);
    } finally {
      await p.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
