import { createCommerce, createGraphQLContext, createGraphQLSchema, GraphQLExecutor } from '@grocery/core';
import {
  InMemoryCatalog,
  InMemoryGrocer,
  InMemoryStore,
  ManualClock,
  StaticIdentityVerifier,
  testBranch,
  testProduct,
} from '@grocery/core/testing';

// Two products, one branch that prices the milk in its feed and has 12 in stock.
const milk = testProduct({ cprcode: '100001', nameEn: 'Fresh milk 1 l' });
const rice = testProduct({ cprcode: '100002', nameEn: 'Jasmine rice 5 kg', detailPriceSatang: 21_500 });
const grocer = new InMemoryGrocer({
  products: [milk, rice],
  branches: [testBranch({ branchCode: 'BKK01' })],
  prices: { BKK01: { [milk.cprcode]: 4_500 } },
  stock: { BKK01: { [milk.cprcode]: 12 } },
});

// The domain wired from its ports; the store in memory too (production's is @grocery/store on PostgreSQL).
const clock = new ManualClock();
const commerce = createCommerce({
  store: new InMemoryStore({ clock }),
  grocer,
  catalog: new InMemoryCatalog([milk, rice]),
  identity: new StaticIdentityVerifier({}),
  search: null,
  publicBaseUrl: 'https://api.example.com',
  clock,
});
const { partnerKey } = await commerce.partners.createPartner({ name: 'Example shop', environment: 'sandbox' });
const partner = await commerce.partners.authenticate(partnerKey);

// The GraphQL schema, and one query run against it as the partner.
const executor = new GraphQLExecutor(createGraphQLSchema());
const result = await executor.execute({
  schema: executor.schema,
  document: executor.parse(
    'query($branch: ID!) { products(branchCode: $branch, first: 2) { nodes { cprcode nameEn price { amount source } inventory { sellableQty } } } }',
  ),
  variableValues: { branch: 'BKK01' },
  contextValue: createGraphQLContext({
    commerce,
    partner,
    partnerKey,
    requestId: 'example-1',
    authorization: undefined,
    idempotencyKey: null,
  }),
});
console.log(JSON.stringify(result.data, null, 2));
