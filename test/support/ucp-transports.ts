/**
 * What a UCP platform sends and checks, for the whole-system tests: the mock handler's instrument,
 * pickup and shipping choices, the REST and MCP bindings behind one call shape (so that one checkout
 * flow runs over either), totals that add up, and protocol errors.
 */
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { assertProtocolError as assertProtocolErrorBody } from '../../packages/ucp/test/support/ucp-json-schemas.ts';
import type { AgentPlatform, JsonAnswer, UcpRest } from './agent-platform.ts';
import { BUYER, DELIVERY_ADDRESS } from './agent-shop.ts';

type Json = Record<string, unknown>;

/** A complete body paying with the mock handler's `token` (`success_token` or `fail_token`). */
export const mockInstrument = (token: string) => ({
  payment: {
    instruments: [
      {
        id: 'instr_1',
        handler_id: 'mock_payment_handler',
        type: 'card',
        selected: true,
        credential: { type: 'token', token },
      },
    ],
  },
});
/** Pickup at a branch (its code is the retail location's id). */
export const pickupAt = (branchCode: string) => ({
  methods: [{ type: 'pickup', selected_destination_id: branchCode }],
});
/** Delivery to the buyer's address in the delivery area, with the regular or express slot. */
export const shipTo = (option: 'regular' | 'express') => ({
  methods: [
    {
      type: 'shipping',
      destinations: [
        {
          id: 'home',
          first_name: BUYER.first_name,
          last_name: BUYER.last_name,
          street_address: DELIVERY_ADDRESS.street,
          address_locality: DELIVERY_ADDRESS.locality,
          address_region: DELIVERY_ADDRESS.region,
          postal_code: DELIVERY_ADDRESS.postcode,
          address_country: DELIVERY_ADDRESS.country,
        },
      ],
      selected_destination_id: 'home',
      groups: [{ selected_option_id: option }],
    },
  ],
});

/** One UCP operation, as both bindings take it: the session (or order) id, the checkout, the idempotency key. */
export type UcpCallArgs = { id?: string; checkout?: Json; key?: string };
export interface UcpTransport {
  name: string;
  call(operation: string, args: UcpCallArgs): Promise<Json>;
}

/** The REST binding as a transport: each operation's method and path; 201 on create, 200 otherwise. */
export function restTransport(ucp: UcpRest, answers: JsonAnswer[]): UcpTransport {
  const routes: Record<string, (id: string) => [string, string]> = {
    create_checkout: () => ['POST', '/checkout-sessions'],
    get_checkout: (id) => ['GET', `/checkout-sessions/${id}`],
    update_checkout: (id) => ['PUT', `/checkout-sessions/${id}`],
    complete_checkout: (id) => ['POST', `/checkout-sessions/${id}/complete`],
    cancel_checkout: (id) => ['POST', `/checkout-sessions/${id}/cancel`],
    get_order: (id) => ['GET', `/orders/${id}`],
  };
  return {
    name: 'REST',
    async call(operation, { id = '', checkout, key }) {
      const [method, path] = routes[operation]!(id);
      const answer = await ucp(method, path, checkout, key === undefined ? {} : { key });
      assert.equal(answer.status, operation === 'create_checkout' ? 201 : 200, answer.text);
      assert.equal(answer.headers['cache-control'], 'no-store');
      answers.push(answer);
      return answer.json;
    },
  };
}

/** The MCP binding with the official client: `{meta, id, checkout}` arguments, structuredContent and the same JSON as text. */
export function mcpTransport(client: Client, platform: AgentPlatform): UcpTransport {
  return {
    name: 'MCP',
    async call(operation, { id, checkout, key }) {
      const meta = { 'ucp-agent': { profile: platform.profileUrl }, ...(key ? { 'idempotency-key': key } : {}) };
      const result = (await client.callTool({
        name: operation,
        arguments: { meta, ...(id === undefined ? {} : { id }), ...(checkout ? { checkout } : {}) },
      })) as CallToolResult;
      assert.notEqual(result.isError, true, JSON.stringify(result.content));
      const block = result.content[0]!;
      assert.equal(block.type, 'text');
      assert.deepEqual(JSON.parse(block.type === 'text' ? block.text : ''), result.structuredContent);
      return result.structuredContent as Json;
    },
  };
}

/** The sum of a body's totals of `type`. */
export const amountOf = (body: Json, type: string) =>
  (body.totals as { type: string; amount: number }[]).filter((t) => t.type === type).reduce((s, t) => s + t.amount, 0);

/** Totals as platforms check them: one subtotal and one total, and the entries add up to the total exactly. */
export function assertTotalsAddUp(body: Json): void {
  const totals = body.totals as { type: string; amount: number }[];
  assert.equal(totals.filter((t) => t.type === 'subtotal').length, 1);
  assert.equal(totals.filter((t) => t.type === 'total').length, 1);
  assert.ok(!totals.some((t) => t.type === 'tax'), 'prices include VAT: no additive tax');
  const parts = totals.filter((t) => t.type !== 'total').reduce((sum, t) => sum + t.amount, 0);
  assert.equal(parts, amountOf(body, 'total'), `the entries add up to the total: ${JSON.stringify(totals)}`);
}

/** A UCP protocol error: its status, and `{code, content}` as openapi/ucp.yaml gives it (UCP publishes no schema of it). */
export function assertProtocolError(answer: JsonAnswer, status: number, code: string): void {
  assert.equal(answer.status, status, answer.text);
  assertProtocolErrorBody(answer.json, code);
}
