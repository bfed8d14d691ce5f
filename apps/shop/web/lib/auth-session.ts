import { cognito, CognitoError, type AuthenticationResult, type InitiateAuthResponse } from './cognito-client.ts';
import { shopConfig } from './shop-config.ts';
import { createStore, readStored, writeStored } from './store.ts';

/** A signed-in shopper. Kept in sessionStorage: it survives the trip to the payment page, not the tab. */
export interface Session {
  email: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
  /** When the id token expires, in Unix milliseconds. */
  expiresAt: number;
}

const KEY = 'shop.session';

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.email === 'string' &&
    typeof v.idToken === 'string' &&
    typeof v.accessToken === 'string' &&
    typeof v.refreshToken === 'string' &&
    typeof v.expiresAt === 'number'
  );
}

export const sessionStore = createStore<Session | null>(readStored(window.sessionStorage, KEY, isSession));
sessionStore.subscribe((session) => writeStored(window.sessionStorage, KEY, session));

/** What the password step of sign-in asks next. */
export type SignInStep = { kind: 'signed-in' } | { kind: 'email-otp'; session: string; destination: string | null };

const endpoint = () => shopConfig().idpEndpoint;
const clientId = () => shopConfig().clientId;

function claims(idToken: string): Record<string, unknown> {
  const payload = idToken.split('.')[1] ?? '';
  const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
}

function sessionFrom(result: AuthenticationResult, fallback: { email: string; refreshToken: string }): Session {
  const tokenClaims = claims(result.IdToken);
  const exp = typeof tokenClaims.exp === 'number' ? tokenClaims.exp * 1000 : Date.now() + result.ExpiresIn * 1000;
  return {
    email: typeof tokenClaims.email === 'string' ? tokenClaims.email : fallback.email,
    idToken: result.IdToken,
    accessToken: result.AccessToken,
    refreshToken: result.RefreshToken ?? fallback.refreshToken,
    expiresAt: exp,
  };
}

/** Creates the account; a six-digit code is e-mailed to confirm it. */
export async function signUp(email: string, password: string): Promise<{ confirmed: boolean }> {
  const result = await cognito(endpoint(), 'SignUp', {
    ClientId: clientId(),
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  return { confirmed: result.UserConfirmed };
}

export async function confirmSignUp(email: string, code: string): Promise<void> {
  await cognito(endpoint(), 'ConfirmSignUp', { ClientId: clientId(), Username: email, ConfirmationCode: code });
}

export async function resendSignUpCode(email: string): Promise<void> {
  await cognito(endpoint(), 'ResendConfirmationCode', { ClientId: clientId(), Username: email });
}

/** The password step: signs in, or asks for the code the provider just e-mailed (EMAIL_OTP). */
export async function startSignIn(email: string, password: string): Promise<SignInStep> {
  const result = await cognito(endpoint(), 'InitiateAuth', {
    ClientId: clientId(),
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  return afterAuth(result, email);
}

/** The e-mailed code step of sign-in. */
export async function answerEmailCode(email: string, session: string, code: string): Promise<SignInStep> {
  const result = await cognito(endpoint(), 'RespondToAuthChallenge', {
    ClientId: clientId(),
    ChallengeName: 'EMAIL_OTP',
    Session: session,
    ChallengeResponses: { USERNAME: email, EMAIL_OTP_CODE: code },
  });
  return afterAuth(result, email);
}

function afterAuth(result: InitiateAuthResponse, email: string): SignInStep {
  if (result.AuthenticationResult) {
    sessionStore.set(sessionFrom(result.AuthenticationResult, { email, refreshToken: '' }));
    return { kind: 'signed-in' };
  }
  if (result.ChallengeName === 'EMAIL_OTP' && result.Session) {
    return {
      kind: 'email-otp',
      session: result.Session,
      destination: result.ChallengeParameters?.CODE_DELIVERY_DESTINATION ?? null,
    };
  }
  throw new CognitoError(
    'UnsupportedChallenge',
    `The identity provider asked for ${result.ChallengeName ?? 'an unknown step'}, which this shop does not support.`,
  );
}

let refreshing: Promise<Session | null> | null = null;

/** New id and access tokens from the refresh token; signs out when the refresh token is refused. */
export function refreshSession(): Promise<Session | null> {
  const current = sessionStore.get();
  if (!current) return Promise.resolve(null);
  refreshing ??= cognito(endpoint(), 'InitiateAuth', {
    ClientId: clientId(),
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    AuthParameters: { REFRESH_TOKEN: current.refreshToken },
  })
    .then((result) => {
      if (!result.AuthenticationResult) throw new CognitoError('NotAuthorizedException', 'No tokens');
      const next = sessionFrom(result.AuthenticationResult, current);
      sessionStore.set(next);
      return next;
    })
    .catch((error: unknown) => {
      // A network failure keeps the session for a later try; a refused token ends it.
      if (error instanceof CognitoError && error.type !== 'NetworkError') sessionStore.set(null);
      return sessionStore.get();
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The id token for an API call, refreshed first when it expires within a minute. */
export async function currentIdToken(): Promise<string | null> {
  const session = sessionStore.get();
  if (!session) return null;
  if (session.expiresAt - Date.now() > 60_000) return session.idToken;
  return (await refreshSession())?.idToken ?? null;
}

/** Forgets the tokens here and revokes the refresh token at the provider. */
export async function signOut(): Promise<void> {
  const session = sessionStore.get();
  sessionStore.set(null);
  if (session?.refreshToken)
    await cognito(endpoint(), 'RevokeToken', { ClientId: clientId(), Token: session.refreshToken }).catch(
      () => undefined,
    );
}
