import { ACCESS_TOKEN_SCOPE } from './token-issuer.ts';

/** The OpenID Connect discovery document of a pool whose tokens carry `iss: issuer`. */
export function discoveryDocument(issuer: string) {
  return {
    issuer,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    // No hosted authorize/token endpoints: apps sign in through the Cognito JSON API at the issuer URL.
    response_types_supported: ['id_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', ACCESS_TOKEN_SCOPE],
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'email',
      'email_verified',
      'name',
      'token_use',
      'cognito:username',
      'origin_jti',
    ],
    token_endpoint_auth_methods_supported: ['none'],
  };
}
