/**
 * A partner's shop made ready for agent platforms through the admin API, as an operator does it:
 * its shop settings (name, support e-mail, policy links), an agent credential for the platform, and
 * products to sell with known stock (set through the grocer simulator's control).
 */
import assert from 'node:assert/strict';
import type { GrocerGateway } from '@grocery/core/ports';
import type { ApiClient } from './api-client.ts';

export interface AgentShop {
  partnerId: string;
  /** `{base_url}/agents/{partnerId}`. */
  agentBase: string;
  /** The agent credential (`ak_test_…`). */
  token: string;
  agentId: string;
  /** The HMAC key of ACP order events. */
  webhookSecret: string;
  /** A branch that picks up and delivers to {@link DELIVERY_ADDRESS}. */
  branchCode: string;
  /** Three sellable products (active, online, no alcohol), each with 100 in stock at every branch. */
  products: [string, string, string];
}

/** A Bangkok address in the delivery area of the central branches (postcode 10330, Pathum Wan). */
export const DELIVERY_ADDRESS = {
  street: '999 Rama I Road',
  locality: 'Pathum Wan',
  region: 'Bangkok',
  postcode: '10330',
  country: 'TH',
} as const;

export const BUYER = {
  first_name: 'Somchai',
  last_name: 'Jaidee',
  email: 'somchai.agent@example.com',
  phone_number: '+66812345678',
} as const;

export interface AgentShopOptions {
  /** The partner; the development partner (the first one) by default. */
  partnerId?: string;
  protocols: ('ucp' | 'acp')[];
  /** ACP order events go here. */
  webhookUrl?: string;
  /** Skip setting stock (a second shop on the same grocer shares the first one's products). */
  products?: [string, string, string];
}

/**
 * Sets a shop up for an agent platform: shop settings, an agent credential for `protocols`, and
 * products with stock.
 *
 * @example
 * const shop = await prepareAgentShop(t, t.system.grocer, t.baseUrl, { protocols: ['ucp'] });
 */
export async function prepareAgentShop(
  api: Pick<ApiClient, 'admin' | 'graphql'>,
  grocer: GrocerGateway,
  baseUrl: string,
  options: AgentShopOptions,
): Promise<AgentShop> {
  const partnerId =
    options.partnerId ??
    ((await api.admin('GET', '/admin/partners')).body as { partners: { partnerId: string }[] }).partners[0]!.partnerId;
  const settings = await api.admin('POST', `/admin/partners/${partnerId}/shop-settings`, {
    shopName: 'Fresh Market',
    supportEmail: 'help@fresh-market.example',
    privacyPolicyUrl: 'https://fresh-market.example/privacy',
    termsOfServiceUrl: 'https://fresh-market.example/terms',
  });
  assert.equal(settings.status, 200, JSON.stringify(settings.body));
  const issued = await api.admin('POST', `/admin/partners/${partnerId}/agents`, {
    name: 'Agent platform',
    protocols: options.protocols,
    ...(options.webhookUrl ? { webhookUrl: options.webhookUrl } : {}),
  });
  assert.equal(issued.status, 201, JSON.stringify(issued.body));
  const { token, webhookSecret, agent } = issued.body as {
    token: string;
    webhookSecret: string;
    agent: { agentId: string };
  };
  const branches = await grocer.branches();
  const branchCode = branches.find((b) => b.deliveryPostcodes.includes(DELIVERY_ADDRESS.postcode))!.branchCode;
  const products = options.products ?? (await stockedProducts(api, grocer, branchCode, branches));
  return {
    partnerId,
    agentBase: `${baseUrl}/agents/${partnerId}`,
    token,
    agentId: agent.agentId,
    webhookSecret,
    branchCode,
    products,
  };
}

/** Three products priced at `branchCode` that any shop may sell, with 100 in stock at every branch. */
async function stockedProducts(
  api: Pick<ApiClient, 'admin' | 'graphql'>,
  grocer: GrocerGateway,
  branchCode: string,
  branches: readonly { branchCode: string }[],
): Promise<[string, string, string]> {
  const page = await api.graphql<{ products: { nodes: { cprcode: string }[] } }>(
    'query($b: ID!) { products(first: 40, branchCode: $b, filter: { pricedOnly: true }) { nodes { cprcode } } }',
    { b: branchCode },
  );
  const codes = page.data!.products.nodes.map((n) => n.cprcode);
  const sellable = (await grocer.products(codes)).filter((p) => p.active && p.online && !p.alcohol);
  assert.ok(sellable.length >= 3, 'three sellable products at the branch');
  const chosen = sellable.slice(0, 3).map((p) => p.cprcode) as [string, string, string];
  for (const cprcode of chosen)
    for (const branch of branches) {
      const set = await api.admin('POST', '/admin/grocer/stock', { branchCode: branch.branchCode, cprcode, qty: 100 });
      assert.equal(set.status, 204, JSON.stringify(set.body));
    }
  return chosen;
}

/** Sets a product's stock at a branch (0: out of stock there). */
export async function setStock(
  api: Pick<ApiClient, 'admin'>,
  branchCode: string,
  cprcode: string,
  qty: number,
): Promise<void> {
  const set = await api.admin('POST', '/admin/grocer/stock', { branchCode, cprcode, qty });
  assert.equal(set.status, 204, JSON.stringify(set.body));
}
