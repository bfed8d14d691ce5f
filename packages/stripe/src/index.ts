/**
 * @grocery/stripe: PaymentProviders of @grocery/core on Stripe, with the official stripe SDK: Stripe
 * Checkout (card and PromptPay in THB: hosted pages, lookups, refunds and signed webhooks), and
 * shared payment tokens that agent platforms delegate (a PaymentIntent charged at once).
 *
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { stripeConfigProblems, type StripeConfig, type StripeEnv } from './stripe-config.ts';
export { createStripePaymentProvider, StripePaymentProvider } from './stripe-payment-provider.ts';
export {
  createStripeSharedTokenProvider,
  StripeSharedTokenProvider,
  type StripeSharedTokenConfig,
} from './stripe-shared-token-provider.ts';
