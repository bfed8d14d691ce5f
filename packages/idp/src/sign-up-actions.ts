import { randomUUID } from 'node:crypto';
import { onlyRow } from '@grocery/store';
import type { ActionHandlers } from './cognito-actions.ts';
import { CognitoError, COGNITO_MESSAGES } from './cognito-error.ts';
import { normalizeEmail } from './email-address.ts';
import type { CognitoApiContext, PoolHelpers } from './pool-helpers.ts';
import type { UserRow } from './pool-rows.ts';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** The `name` among sign-up attributes (null when absent); `email` must equal the username and nothing else is known. */
function nameOfAttributes(
  attributes: readonly { Name: string; Value?: string | undefined }[],
  email: string,
): string | null {
  let name: string | null = null;
  for (const attribute of attributes) {
    if (attribute.Name === 'email') {
      if (normalizeEmail(attribute.Value ?? '') !== email)
        throw new CognitoError('InvalidParameterException', 'The email attribute must equal the username.');
    } else if (attribute.Name === 'name') {
      name = (attribute.Value ?? '').trim().slice(0, 256) || null;
    } else {
      throw new CognitoError(
        'InvalidParameterException',
        `Attributes did not conform to the schema: ${attribute.Name}: Attribute does not exist in the schema.`,
      );
    }
  }
  return name;
}

/** Signing up and confirming the address. */
export function signUpActions(
  ctx: CognitoApiContext,
  h: PoolHelpers,
): Pick<ActionHandlers, 'SignUp' | 'ConfirmSignUp' | 'ResendConfirmationCode'> {
  const { db, clock, durations } = ctx;
  const { requireClient, findUser, checkPassword, allowSend, sendCode, deliveryDetails } = h;
  return {
    async SignUp(input) {
      await requireClient(input.ClientId);
      const email = normalizeEmail(input.Username);
      if (email === null) throw new CognitoError('InvalidParameterException', 'Username should be an email.');
      const name = nameOfAttributes(input.UserAttributes ?? [], email);
      checkPassword(input.Password);
      const existing = await findUser(email);
      if (existing) {
        // An address left unconfirmed past its code's lifetime may be signed up afresh, so nobody can squat it.
        const stale = existing.status === 'UNCONFIRMED' && existing.updated_at + durations.signUpCodeMs <= clock.now();
        if (!stale) throw new CognitoError('UsernameExistsException', COGNITO_MESSAGES.usernameExists);
        await db.query(`DELETE FROM idp_users WHERE sub = $1 AND status = 'UNCONFIRMED'`, [existing.sub]);
      }
      await allowSend('SIGN_UP', email);
      const passwordHash = await ctx.hasher.hash(input.Password);
      const now = clock.now();
      let user: UserRow;
      try {
        const { rows } = await db.query<UserRow>(
          `INSERT INTO idp_users (sub, email, name, password_hash, status, email_verified, created_at, updated_at)
           VALUES ($1, $2, $3, $4, 'UNCONFIRMED', false, $5, $5) RETURNING *`,
          [randomUUID(), email, name, passwordHash, now],
        );
        user = onlyRow(rows, 'user insert');
      } catch (error) {
        if (isUniqueViolation(error))
          throw new CognitoError('UsernameExistsException', COGNITO_MESSAGES.usernameExists);
        throw error;
      }
      await sendCode(user, 'SIGN_UP');
      return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: deliveryDetails(email) };
    },

    async ConfirmSignUp(input) {
      await requireClient(input.ClientId);
      const user = await findUser(normalizeEmail(input.Username));
      if (!user) throw new CognitoError('CodeMismatchException', COGNITO_MESSAGES.codeMismatch);
      if (user.status === 'CONFIRMED')
        throw new CognitoError('NotAuthorizedException', COGNITO_MESSAGES.alreadyConfirmed);
      await ctx.codes.redeem({ sub: user.sub, purpose: 'SIGN_UP', code: input.ConfirmationCode }, async (tx) => {
        await tx.query(
          `UPDATE idp_users SET status = 'CONFIRMED', email_verified = true, updated_at = $2 WHERE sub = $1`,
          [user.sub, clock.now()],
        );
      });
      return {};
    },

    async ResendConfirmationCode(input) {
      await requireClient(input.ClientId);
      const email = normalizeEmail(input.Username);
      if (email === null) return { CodeDeliveryDetails: deliveryDetails(input.Username) };
      await allowSend('SIGN_UP', email);
      const user = await findUser(email);
      if (user && user.status === 'UNCONFIRMED') {
        await db.query('UPDATE idp_users SET updated_at = $2 WHERE sub = $1', [user.sub, clock.now()]);
        await sendCode(user, 'SIGN_UP');
      }
      return { CodeDeliveryDetails: deliveryDetails(email) };
    },
  };
}
