import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Db } from '@grocery/store';
import {
  createNodeHandler,
  createUserPool,
  listen,
  type MailboxMessage,
  type UserPool,
  type UserPoolOptions,
} from '../src/index.ts';

/** Low scrypt cost for tests only; production keeps DEFAULT_SCRYPT_PARAMETERS. */
const TEST_SCRYPT = { N: 2 ** 14, r: 8, p: 1 };

export const GOOD_PASSWORD = 'Grocer1es!';

export interface RunningPool {
  pool: UserPool;
  /** `http://127.0.0.1:<port>/idp` */
  issuer: string;
  clientId: string;
  sdk: CognitoIdentityProviderClient;
  mailbox(email: string): Promise<MailboxMessage[]>;
  /** The code of the newest message to `email`; fails when there is none. */
  latestCode(email: string): Promise<string>;
  /** POSTs a raw Cognito API request. */
  raw(
    target: string,
    body: string | Uint8Array,
    headers?: Record<string, string>,
  ): Promise<{
    status: number;
    headers: Headers;
    json: { __type?: string; message?: string } & Record<string, unknown>;
  }>;
  close(): Promise<void>;
}

/** A pool on its own ephemeral port, served over real HTTP under /idp, with an app client and an SDK client. */
export async function startPool(db: Db, options: Partial<UserPoolOptions> = {}): Promise<RunningPool> {
  const running = await listen();
  const issuer = `${running.origin}/idp`;
  const mailboxDir = await mkdtemp(join(tmpdir(), 'idp-test-mail-'));
  const pool = await createUserPool({
    db,
    issuer,
    dev: true,
    mail: { mailboxDir },
    passwordHashing: TEST_SCRYPT,
    ...options,
  });
  running.server.on('request', createNodeHandler(pool));
  const { clientId } = await pool.createAppClient({ name: 'Test shop', redirectUris: ['http://localhost:3000/shop'] });
  const sdk = new CognitoIdentityProviderClient({
    endpoint: issuer,
    region: 'local',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    // The SDK retries LimitExceededException as throttling; tests want the first answer.
    maxAttempts: 1,
  });
  const mailbox = async (email: string) => {
    const response = await fetch(`${issuer}/dev/mailbox/${encodeURIComponent(email)}`);
    if (response.status !== 200) throw new Error(`mailbox answered ${response.status}`);
    return ((await response.json()) as { messages: MailboxMessage[] }).messages;
  };
  return {
    pool,
    issuer,
    clientId,
    sdk,
    mailbox,
    async latestCode(email) {
      const [newest] = await mailbox(email);
      if (!newest?.code) throw new Error(`no code in the mailbox of ${email}`);
      return newest.code;
    },
    async raw(target, body, headers = {}) {
      const response = await fetch(`${issuer}/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          ...(target ? { 'x-amz-target': target } : {}),
          ...headers,
        },
        body: typeof body === 'string' ? body : new Uint8Array(body),
      });
      return {
        status: response.status,
        headers: response.headers,
        json: (await response.json()) as { __type?: string; message?: string },
      };
    },
    async close() {
      sdk.destroy();
      await pool.close();
      await running.close();
      await rm(mailboxDir, { recursive: true, force: true });
    },
  };
}

/** Asserts that `promise` rejects with a Cognito error of `name` (as the AWS SDK surfaces it). */
export async function cognitoError(
  promise: Promise<unknown>,
): Promise<{ name: string; message: string; status: number | undefined }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { name: string; message: string; $metadata?: { httpStatusCode?: number } };
    return { name: e.name, message: e.message, status: e.$metadata?.httpStatusCode };
  }
  throw new Error('expected a Cognito error, but the call succeeded');
}
