import type { ActionHandlers } from './cognito-actions.ts';
import { CognitoError, COGNITO_MESSAGES } from './cognito-error.ts';
import { normalizeEmail } from './email-address.ts';
import { signInPrefix, type CognitoApiContext, type PoolHelpers } from './pool-helpers.ts';

/** A forgotten password: a code by e-mail, then a new password that ends every sign-in. */
export function passwordActions(
  ctx: CognitoApiContext,
  h: PoolHelpers,
): Pick<ActionHandlers, 'ForgotPassword' | 'ConfirmForgotPassword'> {
  const { clock } = ctx;
  const { requireClient, findUser, checkPassword, allowSend, sendCode, deliveryDetails, revokeAllSessions } = h;
  return {
    async ForgotPassword(input) {
      await requireClient(input.ClientId);
      const email = normalizeEmail(input.Username);
      if (email === null) return { CodeDeliveryDetails: deliveryDetails(input.Username) };
      await allowSend('FORGOT_PASSWORD', email);
      const user = await findUser(email);
      if (user) await sendCode(user, 'FORGOT_PASSWORD');
      return { CodeDeliveryDetails: deliveryDetails(email) };
    },

    async ConfirmForgotPassword(input) {
      await requireClient(input.ClientId);
      checkPassword(input.Password);
      const email = normalizeEmail(input.Username);
      const user = await findUser(email);
      if (!user) throw new CognitoError('CodeMismatchException', COGNITO_MESSAGES.codeMismatch);
      const passwordHash = await ctx.hasher.hash(input.Password);
      await ctx.codes.redeem(
        { sub: user.sub, purpose: 'FORGOT_PASSWORD', code: input.ConfirmationCode },
        async (tx) => {
          // The code proves the address, so an unconfirmed user is confirmed too; old sign-ins end.
          await tx.query(
            `UPDATE idp_users SET password_hash = $2, status = 'CONFIRMED', email_verified = true, updated_at = $3 WHERE sub = $1`,
            [user.sub, passwordHash, clock.now()],
          );
          await revokeAllSessions(tx, user.sub);
        },
      );
      await ctx.limiter.reset(signInPrefix(user.email));
      return {};
    },
  };
}
