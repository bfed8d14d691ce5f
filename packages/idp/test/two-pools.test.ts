import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createJwtIdentityVerifier } from '@grocery/core';
import { testDatabaseKinds, type Db } from '@grocery/store';
import { GOOD_PASSWORD, startPool, type RunningPool } from './pool-fixture.ts';

async function idTokenFrom(p: RunningPool, email: string): Promise<string> {
  await p.sdk.send(new SignUpCommand({ ClientId: p.clientId, Username: email, Password: GOOD_PASSWORD }));
  await p.sdk.send(
    new ConfirmSignUpCommand({ ClientId: p.clientId, Username: email, ConfirmationCode: await p.latestCode(email) }),
  );
  const started = await p.sdk.send(
    new InitiateAuthCommand({
      ClientId: p.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: GOOD_PASSWORD },
    }),
  );
  const done = await p.sdk.send(
    new RespondToAuthChallengeCommand({
      ClientId: p.clientId,
      ChallengeName: 'EMAIL_OTP',
      Session: started.Session,
      ChallengeResponses: { USERNAME: email, EMAIL_OTP_CODE: await p.latestCode(email) },
    }),
  );
  return done.AuthenticationResult!.IdToken!;
}

describe('two pools on two ports', () => {
  const dbs: Db[] = [];
  let a: RunningPool;
  let b: RunningPool;
  before(async () => {
    const [kind] = testDatabaseKinds();
    dbs.push(await kind!.open(), await kind!.open());
    a = await startPool(dbs[0]!);
    b = await startPool(dbs[1]!);
  });
  after(async () => {
    await a?.close();
    await b?.close();
    for (const db of dbs) await db.close();
  });

  test("a verifier for pool B accepts B's tokens and refuses A's, even for the same address and client id list", async () => {
    const tokenA = await idTokenFrom(a, 'same@example.com');
    const tokenB = await idTokenFrom(b, 'same@example.com');
    const verifierB = createJwtIdentityVerifier({ issuer: b.issuer });
    const verifierA = createJwtIdentityVerifier({ issuer: a.issuer });
    const clients = [a.clientId, b.clientId];
    const fromB = await verifierB.verify(tokenB, clients);
    assert.equal(fromB.clientId, b.clientId);
    await assert.rejects(verifierB.verify(tokenA, clients), { code: 'UNAUTHENTICATED' });
    // Even pointed at B's keys, A's issuer is refused; and A's verifier refuses B's tokens.
    await assert.rejects(
      createJwtIdentityVerifier({ issuer: b.issuer, jwksUri: `${a.issuer}/.well-known/jwks.json` }).verify(
        tokenB,
        clients,
      ),
      { code: 'UNAUTHENTICATED' },
    );
    await assert.rejects(verifierA.verify(tokenB, clients), { code: 'UNAUTHENTICATED' });
    const fromA = await verifierA.verify(tokenA, clients);
    assert.notEqual(fromA.ownerId, fromB.ownerId, 'each pool mints its own subject');
  });
});
