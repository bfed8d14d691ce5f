import { z } from 'zod';
import { CognitoError } from './cognito-error.ts';
import { MAXIMUM_PASSWORD_LENGTH } from './password-policy.ts';

/** The Cognito user-pool actions this pool serves (`X-Amz-Target: AWSCognitoIdentityProviderService.<action>`). */
export const COGNITO_ACTIONS = [
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'GlobalSignOut',
  'RevokeToken',
] as const;

export type CognitoAction = (typeof COGNITO_ACTIONS)[number];

export function isCognitoAction(value: string): value is CognitoAction {
  return (COGNITO_ACTIONS as readonly string[]).includes(value);
}

/** Who is calling, as the HTTP request tells. */
export interface CognitoCaller {
  /** The client's IP address: password failures are throttled per (address, client IP). */
  clientAddress?: string | undefined;
}

// Field shapes follow Cognito's API reference (lengths and patterns).
const clientId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\w+]+$/, 'Member must satisfy regular expression pattern: [\\w+]+');
const username = z.string().min(1).max(128);
const password = z.string().min(1).max(MAXIMUM_PASSWORD_LENGTH);
const confirmationCode = z.string().min(1).max(2048);
const token = z.string().min(1).max(16_384);
const stringMap = z.record(z.string().max(128), z.string().max(16_384));

const SCHEMAS = {
  SignUp: z.object({
    ClientId: clientId,
    Username: username,
    Password: password,
    UserAttributes: z
      .array(z.object({ Name: z.string().min(1).max(32), Value: z.string().max(2048).optional() }))
      .max(50)
      .optional(),
  }),
  ConfirmSignUp: z.object({ ClientId: clientId, Username: username, ConfirmationCode: confirmationCode }),
  ResendConfirmationCode: z.object({ ClientId: clientId, Username: username }),
  InitiateAuth: z.object({
    ClientId: clientId,
    AuthFlow: z.string().min(1).max(64),
    AuthParameters: stringMap.optional(),
  }),
  RespondToAuthChallenge: z.object({
    ClientId: clientId,
    ChallengeName: z.string().min(1).max(64),
    Session: z.string().min(20).max(2048).optional(),
    ChallengeResponses: stringMap.optional(),
  }),
  ForgotPassword: z.object({ ClientId: clientId, Username: username }),
  ConfirmForgotPassword: z.object({
    ClientId: clientId,
    Username: username,
    ConfirmationCode: confirmationCode,
    Password: password,
  }),
  GetUser: z.object({ AccessToken: token }),
  GlobalSignOut: z.object({ AccessToken: token }),
  RevokeToken: z.object({ ClientId: clientId, Token: token }),
} satisfies Record<CognitoAction, z.ZodType>;

type ActionInput<A extends CognitoAction> = z.infer<(typeof SCHEMAS)[A]>;

/** One handler per action, each given its validated input. */
export type ActionHandlers = {
  [A in CognitoAction]: (input: ActionInput<A>, caller: CognitoCaller) => Promise<object>;
};

/** The body of `action` checked against its schema; Cognito's InvalidParameterException lists the first five issues. */
export function parseActionInput<A extends CognitoAction>(action: A, body: unknown): ActionInput<A> {
  const result = SCHEMAS[action].safeParse(body);
  if (result.success) return result.data as ActionInput<A>;
  const issues = result.error.issues;
  const detail = issues
    .slice(0, 5)
    .map(
      (issue) =>
        `Value at '${issue.path.map(String).join('.') || '(body)'}' failed to satisfy constraint: ${issue.message}`,
    )
    .join('; ');
  throw new CognitoError(
    'InvalidParameterException',
    `${issues.length} validation error${issues.length === 1 ? '' : 's'} detected: ${detail}`,
  );
}
