/**
 * @grocery/idp: an embedded Cognito-compatible identity provider (user pool, Cognito JSON API,
 * OIDC discovery, JWKS, e-mailed codes). Every export of this file is public API of the package;
 * anything not exported here is internal.
 */
export { createUserPool, type UserPool, type UserPoolOptions } from './user-pool.ts';
export type { AppClient, CreateAppClientInput } from './app-clients.ts';
export { CognitoError, isCognitoError, type CognitoErrorName } from './cognito-error.ts';
export { COGNITO_ACTIONS, type CognitoAction } from './cognito-api.ts';
export { createMailer, type Mailer, type MailOptions, type OutgoingMail } from './mailer.ts';
export type { MailboxMessage } from './dev-mailbox.ts';
export { DEFAULT_PASSWORD_POLICY, passwordPolicyViolation, type PasswordPolicy } from './password-policy.ts';
export { DEFAULT_SCRYPT_PARAMETERS, type ScryptParameters } from './password-hasher.ts';
export { DEFAULT_POOL_DURATIONS, DEFAULT_POOL_LIMITS, type PoolDurations, type PoolLimits } from './pool-settings.ts';
export { IDP_MIGRATIONS } from './migrations.ts';
export { createNodeHandler, listen, serveUserPool, type RequestHandler, type RunningServer } from './node-adapter.ts';
