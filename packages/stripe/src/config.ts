/**
 * @grocery/stripe/config: checking Stripe's configuration without loading the Stripe SDK (a
 * composition root parses its configuration at start; the SDK loads only when Stripe is used).
 *
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { stripeConfigProblems, type StripeConfig, type StripeEnv } from './stripe-config.ts';
