/**
 * An independent user pool on its own port (its own database): stands in for a real Cognito pool
 * when the API is pointed at another issuer with OIDC_ISSUER.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createNodeHandler, createUserPool, listen, type RunningServer, type UserPool } from '@grocery/idp';
import { openDatabase } from '@grocery/store';
import { TEST_PASSWORD } from './test-system.ts';

export interface OtherPool {
  pool: UserPool;
  server: RunningServer;
  /** Signs a new user up and in through `clientId`; returns the id token. */
  signIn(clientId: string, email: string): Promise<string>;
  close(): Promise<void>;
}

export async function startOtherPool(): Promise<OtherPool> {
  const dir = mkdtempSync(join(tmpdir(), 'pool-'));
  const db = await openDatabase({ dataDir: 'memory://' });
  const server = await listen({ port: 0 });
  const pool = await createUserPool({ db, issuer: `${server.origin}/idp`, dev: true, mail: { mailboxDir: join(dir, 'mailbox') }, passwordHashing: { N: 1024, r: 8, p: 1 } });
  server.server.on('request', createNodeHandler(pool));
  const cognito = new CognitoIdentityProviderClient({ endpoint: `${server.origin}/idp`, region: 'local', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  const code = async (email: string, after: number) => {
    for (let i = 0; i < 100; i++) {
      const body = (await (await fetch(`${server.origin}/idp/dev/mailbox/${encodeURIComponent(email)}`)).json()) as { messages: { code: string | null; date: string }[] };
      const found = body.messages.find((m) => m.code && Date.parse(m.date) >= after - 1000);
      if (found?.code) return found.code;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('no code');
  };
  return {
    pool,
    server,
    async signIn(clientId, email) {
      const t0 = Date.now();
      await cognito.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: TEST_PASSWORD }));
      await cognito.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: await code(email, t0) }));
      const t1 = Date.now();
      const challenge = await cognito.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: TEST_PASSWORD } }));
      const result = await cognito.send(
        new RespondToAuthChallengeCommand({ ClientId: clientId, ChallengeName: 'EMAIL_OTP', Session: challenge.Session, ChallengeResponses: { USERNAME: email, EMAIL_OTP_CODE: await code(email, t1) } }),
      );
      return result.AuthenticationResult!.IdToken!;
    },
    async close() {
      cognito.destroy();
      await pool.close();
      await server.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
