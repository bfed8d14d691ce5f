/**
 * @grocery/core: the domain, its ports and the services that implement the checkout rules.
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export * from './errors.ts';
export * from './money.ts';
export * from './model/product.ts';
export * from './model/branch.ts';
export * from './model/pricing.ts';
export * from './model/order.ts';
export * from './model/partner.ts';
export * from './model/limits.ts';
export * from './ports/clock.ts';
export * from './ports/grocer-gateway.ts';
export * from './ports/identity-verifier.ts';
export * from './ports/search-client.ts';
export * from './http/http-types.ts';
export * from './ports/catalog-reader.ts';
export * from './identity/jwt-identity-verifier.ts';
