import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileArgumentChecks, toolCatalog, type ToolDefinition } from '../src/index.ts';
import { sampleArguments } from './support/operation-files.ts';

const check = compileArgumentChecks(toolCatalog);
const tool = (name: string): ToolDefinition => toolCatalog.find((t) => t.name === name)!;

describe('tool argument checks', () => {
  test('the smallest valid arguments of every tool pass, and so do nulls for nullable arguments', () => {
    for (const t of toolCatalog)
      assert.deepEqual(check(t, sampleArguments(t.inputSchema) as Record<string, unknown>), [], t.name);
    assert.deepEqual(
      check(tool('create_order'), {
        branchCode: null,
        lines: null,
        address: null,
        couponCodes: null,
        specialComment: null,
      }),
      [],
    );
    assert.deepEqual(
      check(tool('create_quote'), {
        lines: [{ cprcode: '1000001', quantity: 2 }],
        address: { lat: 13.7, lon: 100.5 },
        shippingType: 'DELIVERY',
      }),
      [],
    );
  });

  test('a missing required argument names it', () => {
    assert.deepEqual(check(tool('get_product'), {}), [
      { code: 'INVALID_INPUT', message: 'Missing required argument cprcode.', field: 'cprcode' },
    ]);
    assert.deepEqual(check(tool('create_quote'), { lines: [{ cprcode: '1' }] }), [
      { code: 'INVALID_INPUT', message: 'Missing required argument lines.0.quantity.', field: 'lines.0.quantity' },
    ]);
  });

  test('a wrong type says which type is wanted', () => {
    assert.deepEqual(check(tool('add_basket_line'), { cprcode: '1', quantity: '2' }), [
      { code: 'INVALID_INPUT', message: 'Argument quantity must be an integer.', field: 'quantity' },
    ]);
    assert.deepEqual(check(tool('add_basket_line'), { cprcode: '1', quantity: 1.5 }), [
      { code: 'INVALID_INPUT', message: 'Argument quantity must be an integer.', field: 'quantity' },
    ]);
    assert.deepEqual(check(tool('get_product'), { cprcode: '1', branchCode: 7 }), [
      { code: 'INVALID_INPUT', message: 'Argument branchCode must be a string or null.', field: 'branchCode' },
    ]);
    assert.deepEqual(check(tool('add_basket_line'), { cprcode: null }), [
      { code: 'INVALID_INPUT', message: 'Argument cprcode must be a string.', field: 'cprcode' },
    ]);
    assert.deepEqual(check(tool('create_quote'), { address: { lat: 'north' } }), [
      { code: 'INVALID_INPUT', message: 'Argument address.lat must be a number or null.', field: 'address.lat' },
    ]);
  });

  test('unknown arguments are refused by name, at any depth', () => {
    assert.deepEqual(check(tool('get_basket'), { basketId: 'b1' }), [
      {
        code: 'INVALID_INPUT',
        message: 'Unknown argument basketId; tools/list shows the arguments each tool takes.',
        field: 'basketId',
      },
    ]);
    assert.deepEqual(check(tool('create_order'), { address: { lat: 1, floor: 3 } }), [
      {
        code: 'INVALID_INPUT',
        message: 'Unknown argument address.floor; tools/list shows the arguments each tool takes.',
        field: 'address.floor',
      },
    ]);
  });

  test('enums list their values; integers stay 32-bit; strings and lists are bounded', () => {
    assert.deepEqual(check(tool('search_products'), { query: 'milk', mode: 'FUZZY' }), [
      { code: 'INVALID_INPUT', message: 'Argument mode must be one of "AUTOCOMPLETE", "SEMANTIC".', field: 'mode' },
    ]);
    assert.equal(check(tool('list_orders'), { first: 2 ** 31 })[0]?.field, 'first');
    const [huge] = check(tool('search_products'), { query: 'x'.repeat(100_000) });
    assert.deepEqual(huge, {
      code: 'INVALID_INPUT',
      message: 'Argument query must NOT have more than 2000 characters.',
      field: 'query',
    });
    assert.equal(
      check(tool('get_inventory'), { branchCode: 'B', cprcodes: Array.from({ length: 501 }, (_, i) => String(i)) })[0]
        ?.message,
      'Argument cprcodes must NOT have more than 500 items.',
    );
  });

  test('many problems are reported together, at most ten', () => {
    const problems = check(
      tool('create_order'),
      Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`extra${i}`, i])),
    );
    assert.equal(problems.length, 10);
    assert.ok(problems.every((p) => p.message.startsWith('Unknown argument extra')));
  });
});
