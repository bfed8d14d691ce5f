import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const example = fileURLToPath(new URL('../examples/graphql-query.ts', import.meta.url));

test('the README shows examples/graphql-query.ts as it is, and the example prints branch prices and stock', async () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  assert.ok(
    readme.includes('```ts\n' + readFileSync(example, 'utf8') + '```'),
    'README.md embeds examples/graphql-query.ts verbatim',
  );

  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', example]);
  const data = JSON.parse(stdout) as {
    products: {
      nodes: { cprcode: string; price: { amount: number; source: string }; inventory: { sellableQty: number } }[];
    };
  };
  assert.deepEqual(
    data.products.nodes.map((node) => [node.cprcode, node.price.amount, node.price.source, node.inventory.sellableQty]),
    [
      ['100001', 45, 'BRANCH_FEED', 12],
      ['100002', 215, 'DETAIL_FALLBACK', 0],
    ],
  );
});
