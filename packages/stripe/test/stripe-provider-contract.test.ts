import { describePaymentProviderContract } from '@grocery/core/testing';
import { createStripePaymentProvider } from '@grocery/stripe';
import { startStripeDouble } from '../../../test/support/stripe-double.ts';

describePaymentProviderContract('Stripe, against the Stripe double', async () => {
  const stripe = await startStripeDouble();
  const provider = createStripePaymentProvider({
    secretKey: stripe.secretKey,
    webhookSecret: stripe.webhookSecret,
    apiUrl: stripe.apiUrl,
    maxNetworkRetries: 0,
    timeoutMs: 2000,
  });
  return {
    provider,
    payOnPage: async ({ reference }) => void stripe.complete(reference),
    signedPaidWebhook: ({ reference }) => {
      const { payload, header } = stripe.event('checkout.session.completed', reference);
      return { body: new TextEncoder().encode(payload), headers: { 'stripe-signature': header } };
    },
    close: () => stripe.close(),
  };
});
