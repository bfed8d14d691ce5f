import { parseActionInput, type ActionHandlers, type CognitoAction, type CognitoCaller } from './cognito-actions.ts';
import { passwordActions } from './password-actions.ts';
import { poolHelpers, type CognitoApiContext } from './pool-helpers.ts';
import { sessionActions } from './session-actions.ts';
import { signInActions } from './sign-in-actions.ts';
import { signUpActions } from './sign-up-actions.ts';

/**
 * The Cognito user-pool JSON API as functions: `call(action, body)` validates the body and answers
 * the response object, or throws `CognitoError`.
 */
export function createCognitoApi(ctx: CognitoApiContext): {
  call(action: CognitoAction, body: unknown, caller?: CognitoCaller): Promise<object>;
} {
  const h = poolHelpers(ctx);
  const actions: ActionHandlers = {
    ...signUpActions(ctx, h),
    ...signInActions(ctx, h),
    ...passwordActions(ctx, h),
    ...sessionActions(ctx, h),
  };
  return {
    call(action, body, caller = {}) {
      const handler = actions[action] as (input: unknown, caller: CognitoCaller) => Promise<object>;
      return handler(parseActionInput(action, body), caller);
    },
  };
}
