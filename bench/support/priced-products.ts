import type { TestSystem } from '../../test/support/test-system.ts';

/**
 * Cprcodes a shopper can order at `branchCode` in a benchmark: the first page of products priced
 * there, without alcohol (which a branch may not be licensed to sell), as GraphQL lists them.
 */
export async function orderableCodes(t: TestSystem, branchCode: string): Promise<string[]> {
  const page = await t.graphql<{ products: { nodes: { cprcode: string }[] } }>(
    'query($b: ID!) { products(first: 40, branchCode: $b, filter: { pricedOnly: true }) { nodes { cprcode } } }',
    { b: branchCode },
  );
  return t.system.commerce.catalog
    .get(page.data!.products.nodes.map((n) => n.cprcode))
    .filter((p) => !p.alcohol)
    .map((p) => p.cprcode);
}
