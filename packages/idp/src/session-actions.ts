import { sha256Hex } from '@grocery/core';
import type { ActionHandlers } from './cognito-actions.ts';
import type { CognitoApiContext, PoolHelpers } from './pool-helpers.ts';

/** What a signed-in shopper does with their tokens. */
export function sessionActions(
  ctx: CognitoApiContext,
  h: PoolHelpers,
): Pick<ActionHandlers, 'GetUser' | 'GlobalSignOut' | 'RevokeToken'> {
  const { db, clock } = ctx;
  const { requireClient, userOfAccessToken, revokeAllSessions } = h;
  return {
    async GetUser(input) {
      const user = await userOfAccessToken(input.AccessToken);
      const attributes = [
        { Name: 'sub', Value: user.sub },
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: String(user.email_verified) },
        ...(user.name === null ? [] : [{ Name: 'name', Value: user.name }]),
      ];
      return { Username: user.sub, UserAttributes: attributes };
    },

    async GlobalSignOut(input) {
      const user = await userOfAccessToken(input.AccessToken);
      await revokeAllSessions(db, user.sub);
      return {};
    },

    async RevokeToken(input) {
      await requireClient(input.ClientId);
      await db.query(
        'UPDATE idp_sessions SET revoked_at = $3 WHERE refresh_token_hash = $1 AND client_id = $2 AND revoked_at IS NULL',
        [sha256Hex(input.Token), input.ClientId, clock.now()],
      );
      return {};
    },
  };
}
