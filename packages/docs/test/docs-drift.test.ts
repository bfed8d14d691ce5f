/**
 * The guide cannot drift from what is served: every query, mutation and type of the schema, every
 * OpenAPI path and webhook, every MCP tool and every error code appears in the generated reference;
 * every GraphQL document in the guide validates against the schema; the webhook verifier it shows
 * verifies the service's signatures; the numbers on the limits page are the enforced ones.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  createGraphQLSchema,
  DEFAULT_QUERY_LIMITS,
  ERROR_CODES,
  GraphQLExecutor,
  LIMITS,
  QUOTE_TTL_SECONDS,
  schemaSdl,
  signWebhookBody,
} from '@grocery/core';
import { httpStatusOf } from '@grocery/core/http';
import { createDocs, ERROR_USAGE, GUIDE_PAGES, headingSlug, SHOPPER_QUERIES, type DocsPage } from '@grocery/docs';
import { toolCatalog } from '@grocery/mcp';
import { buildSchema, parse, validate } from 'graphql';
import { parse as parseYaml } from 'yaml';

const root = new URL('../../../', import.meta.url).pathname;
const docs = createDocs({
  publicBaseUrl: 'https://api.example.test',
  searchUrl: 'https://search.example.test',
  shopUrl: 'https://shop.example.test',
  idpUrl: 'https://api.example.test/idp',
});
const schema = buildSchema(schemaSdl);
const page = (slug: string): DocsPage => {
  const found = docs.pages.find((p) => p.slug === slug);
  assert.ok(found, `page ${slug}`);
  return found;
};
const anchors = (slug: string) => new Set(page(slug).headings.map((h) => h.id));

describe('the generated reference covers every source of truth', () => {
  test('every query, mutation and named type of schema.graphql has its section', () => {
    const ids = anchors('reference-graphql');
    for (const field of Object.keys(schema.getQueryType()!.getFields()))
      assert.ok(ids.has(headingSlug(`Query.${field}`)), `Query.${field}`);
    for (const field of Object.keys(schema.getMutationType()!.getFields()))
      assert.ok(ids.has(headingSlug(`Mutation.${field}`)), `Mutation.${field}`);
    for (const type of Object.values(schema.getTypeMap())) {
      if (
        type.name.startsWith('__') ||
        ['Query', 'Mutation', 'String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name)
      )
        continue;
      assert.ok(ids.has(headingSlug(type.name)), `type ${type.name}`);
    }
    // Every field, argument and default is written out.
    const markdown = page('reference-graphql').markdown;
    assert.match(markdown, /`shippingType` \| `String!` \| `"PICKUP"`/);
    assert.match(
      markdown,
      /`products\(filter: ProductFilter = null, branchCode: ID = null, first: Int! = 20, after: String = null\): ProductConnection!`/,
    );
  });

  test('every path, method and webhook of each OpenAPI document has its section', () => {
    const files = readdirSync(`${root}/openapi`).filter((file) => file.endsWith('.yaml'));
    assert.deepEqual(files.sort(), [
      'acp.yaml',
      'admin.yaml',
      'catalog.yaml',
      'pay.yaml',
      'search.yaml',
      'ucp.yaml',
      'webhooks.yaml',
    ]);
    for (const file of files) {
      const document = parseYaml(readFileSync(`${root}/openapi/${file}`, 'utf8')) as {
        paths?: Record<string, Record<string, unknown>>;
        webhooks?: Record<string, Record<string, unknown>>;
        components?: { schemas?: Record<string, unknown> };
      };
      const ids = anchors(`reference-${file.replace('.yaml', '')}`);
      for (const [path, item] of Object.entries(document.paths ?? {})) {
        for (const method of Object.keys(item).filter((key) => key !== 'parameters'))
          assert.ok(ids.has(headingSlug(`${method.toUpperCase()} ${path}`)), `${file}: ${method} ${path}`);
      }
      for (const [name, item] of Object.entries(document.webhooks ?? {})) {
        for (const method of Object.keys(item))
          assert.ok(ids.has(headingSlug(`Webhook ${name} (${method.toUpperCase()})`)), `${file}: webhook ${name}`);
      }
      for (const name of Object.keys(document.components?.schemas ?? {}))
        assert.ok(ids.has(headingSlug(name)), `${file}: schema ${name}`);
    }
  });

  test('every MCP tool has its section, with its operation and its shopper scope', () => {
    const ids = anchors('reference-mcp');
    assert.equal(toolCatalog.length, 18);
    for (const tool of toolCatalog) {
      assert.ok(ids.has(headingSlug(tool.name)), tool.name);
      assert.ok(page('reference-mcp').markdown.includes(tool.document), `${tool.name}: its operation`);
    }
  });

  test("the GraphQL reference's shopper-scoped queries are those the shopper tools run", () => {
    for (const tool of toolCatalog) {
      for (const field of tool.rootFields.filter((f) => f.startsWith('Query.'))) {
        assert.equal(
          SHOPPER_QUERIES.includes(field.slice('Query.'.length)),
          tool.shopper,
          `${tool.name} runs ${field}`,
        );
      }
    }
  });

  test('every error code is in the table, with its HTTP status and where it comes from', () => {
    const markdown = page('reference-errors').markdown;
    for (const code of ERROR_CODES) {
      assert.ok(markdown.includes(`| \`${code}\` | ${httpStatusOf(code)} |`), code);
      assert.ok(ERROR_USAGE[code].returnedBy.length > 0, `${code}: which operations return it`);
    }
  });
});

describe('the guide as served', () => {
  test('every page file is in the reading order, and every page renders with a title', () => {
    const files = readdirSync(`${root}/docs/guide`).filter((file) => file.endsWith('.md'));
    assert.deepEqual(files.sort(), GUIDE_PAGES.map((p) => `${p.slug}.md`).sort());
    for (const p of docs.pages) {
      assert.ok(p.html.includes('<h1'), `${p.slug} has a heading`);
      assert.ok(p.title.length > 0);
    }
  });

  test('placeholders are filled and page links are absolute on the configured host', () => {
    const whole = docs.markdown();
    assert.doesNotMatch(whole, /\{(base_url|search_url|shop_url|idp_url)\}/);
    assert.doesNotMatch(whole, /\]\([a-z0-9-]+\.md(#[^)]*)?\)/, 'no page link left relative');
    assert.ok(whole.includes('](https://api.example.test/docs/quick-start#2-sign-up-a-shopper)'));
    for (const p of docs.pages) {
      for (const [, href] of p.html.matchAll(/href="([^"]+)"/g)) {
        assert.ok(
          /^(https:\/\/api\.example\.test\/|https?:\/\/(?!api\.example\.test)|#|mailto:)/.test(href!),
          `${p.slug}: ${href}`,
        );
      }
    }
  });

  test('the limits page states the enforced numbers', () => {
    const limits = page('limits').markdown;
    const n = (value: number) => value.toLocaleString('en-US');
    for (const value of [
      DEFAULT_QUERY_LIMITS.maxDepth,
      DEFAULT_QUERY_LIMITS.maxAliases,
      n(DEFAULT_QUERY_LIMITS.maxTokens),
      n(DEFAULT_QUERY_LIMITS.maxCost),
      DEFAULT_QUERY_LIMITS.maxSchemaIntrospections,
      DEFAULT_QUERY_LIMITS.maxTypeIntrospections,
    ]) {
      assert.match(limits, new RegExp(`\\| ${value} \\|`), `query limit ${value}`);
    }
    assert.ok(limits.includes(`| Response body | ${DEFAULT_QUERY_LIMITS.maxResponseBytes / 1024 / 1024} MiB |`));
    assert.ok(limits.includes(`| 1 to ${LIMITS.maxPageSize}, default 20 |`));
    assert.ok(limits.includes(`| 1 to ${LIMITS.maxRestPageSize}, default ${LIMITS.defaultRestPageSize} |`));
    assert.ok(limits.includes(`| 1 to ${LIMITS.maxSearchLimit}, default 20 |`));
    assert.ok(limits.includes(`| 1 to ${LIMITS.maxSuggestLimit}, default 30 |`));
    assert.ok(limits.includes(`| 1 to ${LIMITS.maxLineQuantity} `));
    assert.ok(limits.includes(`| Distinct products on a basket or order | ${LIMITS.maxLines} |`));
    assert.ok(limits.includes(`| Coupon codes on a quote or order | ${LIMITS.maxCoupons},`));
    assert.ok(limits.includes(`| ${LIMITS.maxQueryLength} characters |`));
    assert.ok(limits.includes(`| \`specialComment\` | ${LIMITS.maxSpecialCommentLength} characters |`));
    assert.equal(LIMITS.paymentLinkTtlSeconds, 24 * 3600);
    assert.equal(LIMITS.downloadLinkTtlSeconds, 5 * 60);
    assert.equal(QUOTE_TTL_SECONDS, 15 * 60);
    assert.ok(limits.includes('| Quote | 15 minutes'));

    // The cost examples are what the executor computes.
    const executor = new GraphQLExecutor(createGraphQLSchema());
    const rows = [...limits.matchAll(/^\| `(\{ .+ \})` \| (\d+)/gm)];
    assert.ok(rows.length >= 4, 'cost examples');
    for (const [, document, cost] of rows)
      assert.equal(executor.cost(parse(document!.replace(/\\\|/g, '|')), undefined, {}), Number(cost), document);
  });
});

/** GraphQL documents in the guide: fenced `graphql` blocks, `"query":"…"` in curl bodies, and `/* GraphQL *\/` templates. */
function graphqlDocuments(markdown: string): { where: string; document: string }[] {
  const found: { where: string; document: string }[] = [];
  for (const [, body] of markdown.matchAll(/```graphql\n([\s\S]*?)```/g))
    found.push({ where: 'graphql block', document: body! });
  for (const [, literal] of markdown.matchAll(/"query":"((?:[^"\\]|\\.)*)"/g))
    found.push({ where: 'curl body', document: JSON.parse(`"${literal}"`) as string });
  for (const [, template] of markdown.matchAll(/\/\* GraphQL \*\/ `([^`]*)`/g))
    found.push({ where: 'fetch snippet', document: template! });
  return found;
}

describe('code samples', () => {
  test('every GraphQL document of the guide and the references validates against schema.graphql', () => {
    let count = 0;
    for (const p of docs.pages) {
      for (const { where, document } of graphqlDocuments(p.markdown)) {
        const errors = validate(schema, parse(document));
        assert.deepEqual(
          errors.map((e) => e.message),
          [],
          `${p.slug} (${where}): ${document.slice(0, 120)}`,
        );
        count++;
      }
    }
    assert.ok(count >= 18 + 15, `${count} documents checked`);
  });

  test('the webhook verifier on the Webhooks page accepts the service signatures and nothing else', async () => {
    const markdown = page('webhooks').markdown;
    const snippet = /```js\n(import \{ createHmac, timingSafeEqual \} from 'node:crypto';[\s\S]*?)```/.exec(
      markdown,
    )?.[1];
    assert.ok(snippet, 'the verifier snippet');
    const verifier = (await import(`data:text/javascript;base64,${Buffer.from(snippet).toString('base64')}`)) as {
      verifySignature: (secret: string, body: Buffer, header: string | undefined) => boolean;
      verifyDelivery: (input: {
        rawBody: Buffer;
        headers: Record<string, string>;
        secrets: string[];
        nowSeconds?: number;
      }) => { id: string } | null;
    };
    const now = Math.floor(Date.now() / 1000);
    const body = Buffer.from(
      JSON.stringify({
        id: 'evt_1',
        type: 'payment.paid',
        orderId: 'PA2611220000123-K7QD',
        partnerId: 'ptn_1',
        payload: {},
        ts: now,
      }),
    );
    const [current, previous] = ['whsec_current', 'whsec_previous'];
    assert.equal(verifier.verifySignature(current, body, signWebhookBody(current, body)), true);
    assert.equal(verifier.verifySignature(current, body, signWebhookBody(previous, body)), false);
    assert.equal(
      verifier.verifySignature(current, Buffer.concat([body, Buffer.from(' ')]), signWebhookBody(current, body)),
      false,
    );
    assert.equal(verifier.verifySignature(current, body, undefined), false);
    const headers = {
      'x-shop-partner-signature': signWebhookBody(current, body),
      'x-shop-partner-signature-previous': signWebhookBody(previous, body),
    };
    assert.equal(
      verifier.verifyDelivery({ rawBody: body, headers, secrets: [previous] })?.id,
      'evt_1',
      'a receiver still on the previous secret',
    );
    assert.equal(verifier.verifyDelivery({ rawBody: body, headers, secrets: ['whsec_other'] }), null);
    assert.equal(
      verifier.verifyDelivery({ rawBody: body, headers, secrets: [current], nowSeconds: now + 301 }),
      null,
      'ts window',
    );
  });
});
