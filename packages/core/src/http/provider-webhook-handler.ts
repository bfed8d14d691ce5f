import { httpStatusOf, isCommerceError } from '../errors.ts';
import type { PaymentProvider } from '../ports/payment-provider.ts';
import type { Commerce } from '../services/commerce.ts';
import { errorResponse, type HttpRequest, type HttpResponse, jsonResponse } from './http-types.ts';

export interface ProviderWebhookHandlerOptions {
  commerce: Commerce;
  /** The hosted provider whose webhook this is (it verifies and parses the deliveries). */
  provider: PaymentProvider;
}

/** The providers' events are small; anything larger is refused before it is read. */
const PROVIDER_WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * A hosted payment provider's webhook, e.g. `POST {base_url}/webhooks/stripe`: the raw body is
 * verified by the provider (`parseWebhook`) before anything of it is used, then the event settles
 * its payment attempt. Answers 200 for every authentic delivery, including events this API does not
 * act on and repeats (the provider stops retrying), 400 `SIGNATURE_INVALID` for a forged, tampered
 * or stale one, and 5xx only when the service could not store the outcome (the provider retries).
 *
 * @example
 * createProviderWebhookHandler({ commerce, provider: stripe }); // route POST /webhooks/stripe to it
 */
export function createProviderWebhookHandler(
  options: ProviderWebhookHandlerOptions,
): (request: HttpRequest) => Promise<HttpResponse> {
  const { commerce, provider } = options;
  return async (request) => {
    if (request.method !== 'POST') return errorResponse(405, 'METHOD_NOT_ALLOWED', 'Use POST.', {}, { allow: 'POST' });
    if (request.body.length > PROVIDER_WEBHOOK_BODY_LIMIT)
      return errorResponse(413, 'PAYLOAD_TOO_LARGE', `The body is over ${PROVIDER_WEBHOOK_BODY_LIMIT} bytes.`);
    if (!provider.parseWebhook)
      return errorResponse(404, 'NOT_FOUND', `The ${provider.name} provider takes no webhooks.`);
    try {
      const event = provider.parseWebhook(request.body, request.headers);
      if (!event) return jsonResponse(200, { received: true, outcome: 'ignored' });
      return jsonResponse(200, { received: true, outcome: await commerce.payments.onProviderEvent(provider, event) });
    } catch (error) {
      if (!isCommerceError(error) || error.code === 'INTERNAL') throw error;
      // Signature refusals are the provider's 4xx; anything else the service could not finish now is retried by the provider.
      const status = error.code === 'SIGNATURE_INVALID' ? 400 : httpStatusOf(error.code);
      return errorResponse(status, error.code, error.message);
    }
  };
}
