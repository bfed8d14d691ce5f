/** A Cognito-style password policy. */
export interface PasswordPolicy {
  minimumLength: number;
  requireUppercase: boolean;
  requireLowercase: boolean;
  requireNumbers: boolean;
  requireSymbols: boolean;
}

/** Cognito's default policy: at least 8 characters with upper and lower case, a digit and a symbol. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minimumLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireNumbers: true,
  requireSymbols: true,
};

/** The maximum Cognito accepts. */
export const MAXIMUM_PASSWORD_LENGTH = 256;

// Cognito's special characters: ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - and an inner space.
const SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/**
 * Why `password` breaks `policy`, in Cognito's words ("Password did not conform with policy: ..."),
 * or null when it conforms.
 */
export function passwordPolicyViolation(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): string | null {
  const prefix = 'Password did not conform with policy: ';
  if (password !== password.trim()) return `${prefix}Password must not begin or end with a space`;
  if ([...password].length < policy.minimumLength)
    return `${prefix}Password not long enough (at least ${policy.minimumLength} characters)`;
  if ([...password].length > MAXIMUM_PASSWORD_LENGTH)
    return `${prefix}Password is too long (at most ${MAXIMUM_PASSWORD_LENGTH} characters)`;
  if (policy.requireUppercase && !/[A-Z]/.test(password)) return `${prefix}Password must have uppercase characters`;
  if (policy.requireLowercase && !/[a-z]/.test(password)) return `${prefix}Password must have lowercase characters`;
  if (policy.requireNumbers && !/[0-9]/.test(password)) return `${prefix}Password must have numeric characters`;
  if (policy.requireSymbols && !SYMBOLS.test(password)) return `${prefix}Password must have symbol characters`;
  return null;
}
