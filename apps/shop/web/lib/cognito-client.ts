/**
 * The Cognito user-pool JSON API over plain fetch: one POST per action with an `X-Amz-Target`
 * header. The actions a public app client uses (SignUp, ConfirmSignUp, InitiateAuth,
 * RespondToAuthChallenge, RevokeToken, …) are unsigned, so no AWS SDK or credentials are needed,
 * and the same code talks to the embedded provider and to a real Cognito pool.
 */

/** A Cognito failure: `type` is the error name, e.g. `CodeMismatchException`. */
export class CognitoError extends Error {
  override readonly name = 'CognitoError';
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export interface AuthenticationResult {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
}

export interface InitiateAuthResponse {
  AuthenticationResult?: AuthenticationResult;
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
}

export interface SignUpResponse {
  UserConfirmed: boolean;
  UserSub: string;
  CodeDeliveryDetails?: { Destination?: string; DeliveryMedium?: string };
}

/** Requests and responses of the actions the shop uses. */
export interface CognitoActions {
  SignUp: [
    { ClientId: string; Username: string; Password: string; UserAttributes: { Name: string; Value: string }[] },
    SignUpResponse,
  ];
  ConfirmSignUp: [{ ClientId: string; Username: string; ConfirmationCode: string }, Record<string, never>];
  ResendConfirmationCode: [{ ClientId: string; Username: string }, { CodeDeliveryDetails?: { Destination?: string } }];
  InitiateAuth: [
    { ClientId: string; AuthFlow: 'USER_PASSWORD_AUTH' | 'REFRESH_TOKEN_AUTH'; AuthParameters: Record<string, string> },
    InitiateAuthResponse,
  ];
  RespondToAuthChallenge: [
    { ClientId: string; ChallengeName: string; Session: string; ChallengeResponses: Record<string, string> },
    InitiateAuthResponse,
  ];
  RevokeToken: [{ ClientId: string; Token: string }, Record<string, never>];
}

/** Calls one action; a Cognito error body becomes a `CognitoError`, a failed connection `CognitoError('NetworkError')`. */
export async function cognito<A extends keyof CognitoActions>(
  endpoint: string,
  action: A,
  input: CognitoActions[A][0],
): Promise<CognitoActions[A][1]> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      },
      body: JSON.stringify(input),
    });
  } catch (error) {
    throw new CognitoError(
      'NetworkError',
      error instanceof Error ? error.message : 'The identity provider could not be reached.',
    );
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    // Cognito names the error in `__type` (sometimes as `namespace#Name`) or in x-amzn-ErrorType (`Name:detail`).
    const raw =
      typeof body.__type === 'string'
        ? body.__type
        : (response.headers.get('x-amzn-errortype') ?? `Http${response.status}`);
    const type = raw.split('#').pop()!.split(':')[0]!;
    throw new CognitoError(type, typeof body.message === 'string' ? body.message : type);
  }
  return body as CognitoActions[A][1];
}
