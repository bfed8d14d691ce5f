/**
 * @grocery/stripe: a PaymentProvider of @grocery/core on Stripe Checkout (card and PromptPay in
 * THB), with the official stripe SDK: hosted pages, lookups, refunds and signed webhooks.
 *
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { stripeConfigProblems, type StripeConfig, type StripeEnv } from './stripe-config.ts';
export { createStripePaymentProvider, StripePaymentProvider } from './stripe-payment-provider.ts';
