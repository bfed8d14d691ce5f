/**
 * Child process of bench/graphql.bench.ts: the real system plus three servers answering the same
 * products query — a raw node:http handler producing identical bytes, GraphQL Yoga and Apollo Server
 * on the same schema, resolvers and context. Prints their URLs as one JSON line; stops on stdin end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { createGraphQLContext, createGraphQLSchema, toBaht, type Commerce } from '@grocery/core';
import { createYoga } from 'graphql-yoga';
import { loadConfig } from '../../apps/api/src/config.ts';
import { startSystem } from '../../apps/api/src/system.ts';

const productCount = Number(process.argv[2] ?? 40_000);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-gql-'));
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEARCH_EMBEDDED: 'false',
  GROCER_PRODUCTS: String(productCount),
  RATE_LIMIT_SANDBOX_PER_MIN: '1000000000',
});
const system = await startSystem({ config, grocer: { productCount } });
const { commerce } = system;
const partnerKey = system.credentials!.partnerKey;
const branchCode = (await commerce.branches.list())[0]!.branchCode;

/** Grocer batch calls so far, from the service's own Prometheus counters. */
async function counters(): Promise<{ prices: number; stock: number }> {
  const text = await (
    await fetch(`${system.api.origin}/metrics`, { headers: { authorization: `Bearer ${config.adminToken}` } })
  ).text();
  const count = (operation: string) =>
    Number(new RegExp(`grocer_calls_total\\{operation="${operation}",outcome="ok"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  return { prices: count('prices'), stock: count('stock') };
}

const contextFor = async (headers: { get(name: string): string | null }) => {
  const key = headers.get('x-partner-key') ?? '';
  const partner = await commerce.partners.verifyKey(key);
  if (!partner) throw new Error('bad key');
  return createGraphQLContext({
    commerce,
    partner,
    partnerKey: key,
    requestId: 'bench',
    authorization: undefined,
    idempotencyKey: null,
  });
};

const schema = createGraphQLSchema();
const yoga = createYoga({
  schema,
  context: ({ request }) => contextFor(request.headers),
  logging: false,
  graphiql: false,
});
// Yoga answers its own errors; its promise only says that the response has ended.
const yogaServer = createServer((req, res) => void yoga(req, res));
await new Promise<void>((resolve) => yogaServer.listen(0, '127.0.0.1', resolve));

const apollo = new ApolloServer({ schema });
const { url: apolloUrl } = await startStandaloneServer(apollo, {
  listen: { port: 0, host: '127.0.0.1' },
  context: async ({ req }) => contextFor({ get: (name) => (req.headers[name] as string | undefined) ?? null }) as never,
});

/** The same answer as the GraphQL query in bench/graphql.bench.ts, built by hand. */
async function rawProducts(c: Commerce, branch: string): Promise<string> {
  const page = c.catalog.list(
    { query: null, l1: null, l2: null, l3: null, alcoholOnly: false, activeOnly: true, onlineOnly: true },
    { after: null, first: 50 },
  );
  const codes = page.products.map((p) => p.cprcode);
  const [priceList, stockList] = await Promise.all([c.grocer.prices(branch, codes), c.grocer.stock(branch, codes)]);
  const nodes = page.products.map((p, i) => {
    const price = priceList[i]!.price;
    const level = stockList[i]!;
    return {
      cprcode: p.cprcode,
      nameEn: p.nameEn,
      nameTh: p.nameTh,
      brandEn: p.brandEn,
      sizeDesc: p.sizeDesc,
      barcode: p.barcode,
      imageUrl: c.products.imageUrl(p),
      category: { l1: p.category.l1, l2: p.category.l2, l3: p.category.l3 },
      price: price && { amount: toBaht(price.amountSatang), currency: 'THB', source: price.source },
      inventory: { listable: level.listable, sellableQty: level.sellableQty, qtySource: level.qtySource },
    };
  });
  const endCursor = page.endCursor ? Buffer.from(`p1:${page.endCursor}`).toString('base64url') : null;
  return JSON.stringify({ data: { products: { nodes, pageInfo: { hasNextPage: page.hasNextPage, endCursor } } } });
}

const raw = createServer((req, res) => {
  if (req.url === '/counters') {
    counters().then(
      (value) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value)),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
    return;
  }
  req.resume();
  req.on('end', () => {
    commerce.partners
      .verifyKey(req.headers['x-partner-key'] as string | undefined)
      .then((partner) => {
        if (!partner) return res.writeHead(401).end();
        return rawProducts(commerce, branchCode).then((body) =>
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body),
        );
      })
      .catch(() => res.writeHead(500).end());
  });
});
await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));

const port = (server: { address(): unknown }) => (server.address() as AddressInfo).port;
process.stdout.write(
  `${JSON.stringify({
    partnerKey,
    branchCode,
    ours: `${system.config.publicBaseUrl}/graphql`,
    raw: `http://127.0.0.1:${port(raw)}/graphql`,
    yoga: `http://127.0.0.1:${port(yogaServer)}/graphql`,
    apollo: `${apolloUrl.replace(/\/$/, '')}/`,
    counters: `http://127.0.0.1:${port(raw)}/counters`,
  })}\n`,
);

process.stdin.resume();
process.stdin.on('end', () => {
  raw.close();
  yogaServer.close();
  void (async () => {
    await apollo.stop();
    await system.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
