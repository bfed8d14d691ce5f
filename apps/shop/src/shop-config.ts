/**
 * The public settings of the demo shop, served at `/shop/config.json` and read by the browser at
 * start. Nothing here is secret: a storefront key is public by nature (like Shopify's Storefront
 * API tokens), it names the partner and its order source and only ever acts for a signed-in shopper.
 */
export interface ShopPublicConfig {
  /** Where the shop sends GraphQL, e.g. `http://127.0.0.1:4000/graphql`. */
  graphqlUrl: string;
  /** The partner key the shop sends as `X-Partner-Key` (a sandbox key outside production). */
  partnerKey: string;
  /** The identity provider's public app client id issued with the partner key. */
  clientId: string;
  /** The Cognito user-pool JSON endpoint (`{base_url}/idp/`, or `https://cognito-idp.<region>.amazonaws.com/`). */
  idpEndpoint: string;
  /** `GET {devMailboxUrl}<email>` lists the e-mails sent to an address; null outside development. */
  devMailboxUrl: string | null;
  /** The shop's own URL, e.g. `http://127.0.0.1:4000/shop`; payment pages send shoppers back below it. */
  shopUrl: string;
  /** True for a sandbox key (`pk_test_…`): orders are test orders and payment moves no money. */
  sandbox: boolean;
}

/** The settings the API process knows, turned into the shop's public config. */
export interface ShopConfigInput {
  publicBaseUrl: string;
  shopUrl: string;
  partnerKey: string;
  clientId: string;
  idpEndpoint: string;
  devMailbox: boolean;
}

/**
 * Builds the public config.
 *
 * @example
 * shopPublicConfig({ publicBaseUrl: 'http://127.0.0.1:4000', shopUrl: 'http://127.0.0.1:4000', partnerKey, clientId, idpEndpoint: 'http://127.0.0.1:4000/idp/', devMailbox: true });
 */
export function shopPublicConfig(input: ShopConfigInput): ShopPublicConfig {
  const idpBase = input.idpEndpoint.replace(/\/+$/, '');
  return {
    graphqlUrl: `${input.publicBaseUrl}/graphql`,
    partnerKey: input.partnerKey,
    clientId: input.clientId,
    idpEndpoint: `${idpBase}/`,
    devMailboxUrl: input.devMailbox ? `${idpBase}/dev/mailbox/` : null,
    shopUrl: `${input.shopUrl}/shop`,
    sandbox: input.partnerKey.startsWith('pk_test_'),
  };
}

/**
 * The Cognito JSON endpoint for an OIDC issuer: a Cognito user pool's issuer
 * (`https://cognito-idp.<region>.amazonaws.com/<pool id>`) is served by its region's endpoint.
 */
export function cognitoEndpointForIssuer(issuer: string): string | null {
  const match = /^https:\/\/cognito-idp\.([a-z0-9-]+)\.amazonaws\.com\/[\w-]+$/.exec(issuer);
  return match ? `https://cognito-idp.${match[1]}.amazonaws.com/` : null;
}
