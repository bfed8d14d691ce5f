/** The Cognito error names this pool answers with (the `__type` of a Cognito error body). */
export type CognitoErrorName =
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'InternalErrorException'
  | 'InvalidParameterException'
  | 'InvalidPasswordException'
  | 'LimitExceededException'
  | 'NotAuthorizedException'
  | 'RequestEntityTooLargeException'
  | 'ResourceNotFoundException'
  | 'SerializationException'
  | 'TooManyFailedAttemptsException'
  | 'UnknownOperationException'
  | 'UserNotConfirmedException'
  | 'UsernameExistsException';

/**
 * A failure of a Cognito API call, answered as Cognito does: HTTP 400 (unless `status` says
 * otherwise) with `{"__type": name, "message": message}` and the `x-amzn-ErrorType` header.
 *
 * @example
 * throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
 */
export class CognitoError extends Error {
  override readonly name = 'CognitoError';
  readonly type: CognitoErrorName;
  readonly status: number;

  constructor(type: CognitoErrorName, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.type = type;
    this.status = options.status ?? 400;
  }
}

export function isCognitoError(value: unknown): value is CognitoError {
  return value instanceof CognitoError;
}

/** Cognito's own wording, kept in one place so that every path answers alike. */
export const COGNITO_MESSAGES = {
  incorrectCredentials: 'Incorrect username or password.',
  passwordAttemptsExceeded: 'Password attempts exceeded',
  userNotConfirmed: 'User is not confirmed.',
  usernameExists: 'An account with the given email already exists.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  expiredCode: 'Invalid code provided, please request a code again.',
  tooManyFailedAttempts: 'Too many failed attempts with this code. Request a new code.',
  limitExceeded: 'Attempt limit exceeded, please try after some time.',
  invalidSession: 'Invalid session for the user.',
  expiredSession: 'Invalid session for the user, session is expired.',
  invalidRefreshToken: 'Invalid Refresh Token',
  revokedRefreshToken: 'Refresh Token has been revoked',
  invalidAccessToken: 'Invalid Access Token',
  revokedAccessToken: 'Access Token has been revoked',
  alreadyConfirmed: 'User cannot be confirmed. Current status is CONFIRMED',
} as const;
