import { randomUUID } from 'node:crypto';
import type { Db } from '@grocery/store';
import { sameDigest, sha256Hex } from '@grocery/core';
import type { Clock } from '@grocery/core/ports';
import { CognitoError, COGNITO_MESSAGES } from './cognito-error.ts';
import type { CodePurpose } from './mail-messages.ts';
import { newOpaqueToken, newSixDigitCode } from './random-ids.ts';

/** Six-digit e-mailed codes: hashed at rest, single use, expiring, with a cap on wrong tries. */
export interface OneTimeCodes {
  /** A new code for (sub, purpose); earlier unused ones of the same purpose stop working. */
  issue(input: {
    sub: string;
    purpose: CodePurpose;
    ttlMs: number;
    maxAttempts: number;
    clientId?: string;
  }): Promise<{ code: string; session: string | null }>;
  /** Checks the latest code of (sub, purpose) and, in the same transaction, runs `onSuccess`. */
  redeem<T>(
    input: { sub: string; purpose: Exclude<CodePurpose, 'EMAIL_OTP'>; code: string },
    onSuccess: (tx: Db) => Promise<T>,
  ): Promise<T>;
  /** Checks the code of an EMAIL_OTP challenge session; answers the user's sub. */
  redeemSession(input: { session: string; clientId: string; username: string; code: string }): Promise<{ sub: string }>;
}

interface CodeRow {
  id: string;
  sub: string;
  code_hash: string;
  client_id: string | null;
  attempts: number;
  max_attempts: number;
  expires_at: number;
  used_at: number | null;
  email: string;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: CognitoError };

const codeHash = (id: string, code: string) => sha256Hex(`${id}:${code}`);

/** Counts a wrong try inside the transaction; the caller throws only after it commits. */
async function wrongTry(tx: Db, row: CodeRow): Promise<CognitoError> {
  await tx.query('UPDATE idp_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
  return row.attempts + 1 >= row.max_attempts
    ? new CognitoError('TooManyFailedAttemptsException', COGNITO_MESSAGES.tooManyFailedAttempts)
    : new CognitoError('CodeMismatchException', COGNITO_MESSAGES.codeMismatch);
}

const matches = (row: CodeRow, code: string) =>
  /^\d{6}$/.test(code) && sameDigest(row.code_hash, codeHash(row.id, code));

/**
 * The checks a found code passes, in order (tries left, not expired, the right digits), then marks it
 * used; answers the error to throw after the transaction, or null when the code is spent.
 */
async function spendCode(
  tx: Db,
  clock: Clock,
  row: CodeRow,
  code: string,
  expired: CognitoError,
): Promise<CognitoError | null> {
  if (row.attempts >= row.max_attempts)
    return new CognitoError('TooManyFailedAttemptsException', COGNITO_MESSAGES.tooManyFailedAttempts);
  if (row.expires_at <= clock.now()) return expired;
  if (!matches(row, code)) return wrongTry(tx, row);
  await tx.query('UPDATE idp_codes SET used_at = $2 WHERE id = $1', [row.id, clock.now()]);
  return null;
}

export function createOneTimeCodes(db: Db, clock: Clock): OneTimeCodes {
  return {
    async issue({ sub, purpose, ttlMs, maxAttempts, clientId }) {
      const id = randomUUID();
      const code = newSixDigitCode();
      const session = purpose === 'EMAIL_OTP' ? newOpaqueToken() : null;
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx.query('DELETE FROM idp_codes WHERE sub = $1 AND purpose = $2', [sub, purpose]);
        await tx.query(
          `INSERT INTO idp_codes (id, sub, purpose, code_hash, session_hash, client_id, max_attempts, expires_at, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            id,
            sub,
            purpose,
            codeHash(id, code),
            session === null ? null : sha256Hex(session),
            clientId ?? null,
            maxAttempts,
            now + ttlMs,
            now,
          ],
        );
      });
      return { code, session };
    },

    async redeem({ sub, purpose, code }, onSuccess) {
      const outcome = await db.transaction(async (tx): Promise<Outcome<Awaited<ReturnType<typeof onSuccess>>>> => {
        const { rows } = await tx.query<CodeRow>(
          `SELECT c.*, u.email FROM idp_codes c JOIN idp_users u ON u.sub = c.sub
           WHERE c.sub = $1 AND c.purpose = $2 AND c.used_at IS NULL ORDER BY c.created_at DESC LIMIT 1 FOR UPDATE OF c`,
          [sub, purpose],
        );
        const row = rows[0];
        if (!row) return { ok: false, error: new CognitoError('CodeMismatchException', COGNITO_MESSAGES.codeMismatch) };
        const error = await spendCode(
          tx,
          clock,
          row,
          code,
          new CognitoError('ExpiredCodeException', COGNITO_MESSAGES.expiredCode),
        );
        if (error) return { ok: false, error };
        return { ok: true, value: await onSuccess(tx) };
      });
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    },

    async redeemSession({ session, clientId, username, code }) {
      const outcome = await db.transaction(async (tx): Promise<Outcome<{ sub: string }>> => {
        const { rows } = await tx.query<CodeRow>(
          `SELECT c.*, u.email FROM idp_codes c JOIN idp_users u ON u.sub = c.sub
           WHERE c.session_hash = $1 AND c.purpose = 'EMAIL_OTP' FOR UPDATE OF c`,
          [sha256Hex(session)],
        );
        const row = rows[0];
        const invalid = new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.invalidSession);
        if (!row || row.used_at !== null || row.client_id !== clientId) return { ok: false, error: invalid };
        const name = username.toLowerCase();
        if (name !== row.email && name !== row.sub) return { ok: false, error: invalid };
        const error = await spendCode(
          tx,
          clock,
          row,
          code,
          new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.expiredSession),
        );
        if (error) return { ok: false, error };
        return { ok: true, value: { sub: row.sub } };
      });
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    },
  };
}
