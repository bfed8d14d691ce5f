/** How long things live. */
export interface PoolDurations {
  /** Id token lifetime (Cognito default: 1 hour). */
  idTokenSeconds: number;
  /** Access token lifetime (Cognito default: 1 hour). */
  accessTokenSeconds: number;
  /** Refresh token lifetime (Cognito default: 30 days). */
  refreshTokenSeconds: number;
  /** Sign-up confirmation code (Cognito: 24 hours). */
  signUpCodeMs: number;
  /** Forgot-password code (Cognito: 1 hour). */
  forgotPasswordCodeMs: number;
  /** EMAIL_OTP sign-in code and its challenge session. */
  emailOtpMs: number;
}

/** How many tries things get. */
export interface PoolLimits {
  /** Wrong tries a sign-up or forgot-password code takes before it is burned. */
  codeAttempts: number;
  /** Wrong tries an EMAIL_OTP challenge takes before its session is burned. */
  emailOtpAttempts: number;
  /** Codes e-mailed per address and purpose per hour. */
  codeSendsPerHour: number;
  /**
   * Wrong passwords in a row for one (address, client IP) before sign-in from there is slowed:
   * each further one doubles the wait before the next try, from `passwordFirstDelayMs` up to
   * `passwordMaxDelayMs`. Nobody is locked out, and a wrong password from one place never slows
   * another (Cognito's way).
   */
  passwordFreeFailures: number;
  passwordFirstDelayMs: number;
  passwordMaxDelayMs: number;
  /** Failures are forgotten after this long without one (longer than the longest wait). */
  passwordFailureMemoryMs: number;
  /** Largest request body the pool reads. */
  maxBodyBytes: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_POOL_DURATIONS: PoolDurations = {
  idTokenSeconds: 3600,
  accessTokenSeconds: 3600,
  refreshTokenSeconds: 30 * 24 * 3600,
  signUpCodeMs: 24 * HOUR,
  forgotPasswordCodeMs: HOUR,
  emailOtpMs: 5 * MINUTE,
};

export const DEFAULT_POOL_LIMITS: PoolLimits = {
  codeAttempts: 5,
  emailOtpAttempts: 3,
  codeSendsPerHour: 10,
  passwordFreeFailures: 5,
  passwordFirstDelayMs: 1_000,
  passwordMaxDelayMs: 15 * MINUTE,
  passwordFailureMemoryMs: HOUR,
  maxBodyBytes: 64 * 1024,
};
