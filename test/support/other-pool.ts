/**
 * An independent user pool on its own port (its own database): stands in for a real Cognito pool
 * when the API is pointed at another issuer with OIDC_ISSUER.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodeHandler, createUserPool, listen, type RunningServer, type UserPool } from '@grocery/idp';
import { openDatabase } from '@grocery/store';
import { ShopperSignIn } from './shopper-sign-in.ts';

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
  const pool = await createUserPool({
    db,
    issuer: `${server.origin}/idp`,
    dev: true,
    mail: { mailboxDir: join(dir, 'mailbox') },
    passwordHashing: { N: 1024, r: 8, p: 1 },
  });
  server.server.on('request', createNodeHandler(pool));
  const shoppers = new ShopperSignIn(server.origin);
  return {
    pool,
    server,
    signIn: (clientId, email) => shoppers.signUp(clientId, email),
    async close() {
      shoppers.close();
      await pool.close();
      await server.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
