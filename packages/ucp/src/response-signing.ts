import type { Commerce } from '@grocery/core';
import type { HttpResponse } from '@grocery/core/http';
import { signResponse } from './signatures/sign-message.ts';
import type { PrivateSigningJwk } from './signatures/signing-keys.ts';

/**
 * Signs an answer with the partner's current key (RFC 9421: `@status`, `content-digest`,
 * `content-type`), as UCP recommends for `complete_checkout`, so the platform can prove the order
 * confirmation came from the business; the key is the one its profile publishes in `signing_keys`.
 */
export async function signedByPartner(
  commerce: Commerce,
  partnerId: string,
  response: HttpResponse,
): Promise<HttpResponse> {
  const key = await commerce.agents.signingKey(partnerId);
  const body = response.body ?? undefined;
  const fields = signResponse(
    { status: response.status, headers: response.headers, body },
    { key: key.privateJwk as unknown as PrivateSigningJwk, created: new Date(commerce.clock.now()) },
  );
  return { ...response, headers: { ...response.headers, ...fields } };
}
