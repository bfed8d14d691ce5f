import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { UCP_SPEC_BASE } from './envelope.ts';
import type { UcpOperationName } from './ucp-operations.ts';

/** How a tool's arguments are shaped (mcp.openrpc.json): which of `id` and `checkout` it takes. */
export interface UcpToolShape {
  operation: UcpOperationName;
  takesId: boolean;
  takesCheckout: boolean;
  /** complete_checkout and cancel_checkout need `meta["idempotency-key"]`. */
  needsIdempotencyKey: boolean;
}

export const UCP_TOOL_SHAPES: Readonly<Record<UcpOperationName, UcpToolShape>> = {
  create_checkout: { operation: 'create_checkout', takesId: false, takesCheckout: true, needsIdempotencyKey: false },
  get_checkout: { operation: 'get_checkout', takesId: true, takesCheckout: false, needsIdempotencyKey: false },
  update_checkout: { operation: 'update_checkout', takesId: true, takesCheckout: true, needsIdempotencyKey: false },
  complete_checkout: { operation: 'complete_checkout', takesId: true, takesCheckout: true, needsIdempotencyKey: true },
  cancel_checkout: { operation: 'cancel_checkout', takesId: true, takesCheckout: false, needsIdempotencyKey: true },
  get_order: { operation: 'get_order', takesId: true, takesCheckout: false, needsIdempotencyKey: false },
};

const DESCRIPTIONS: Readonly<Record<UcpOperationName, [title: string, description: string]>> = {
  create_checkout: [
    'Create checkout',
    'Opens a checkout session with line_items ({item:{id: cprcode}, quantity}), and optionally buyer, fulfillment (pickup at a branch, or shipping to a Thai address with a regular or express slot) and discounts.codes. Answers the checkout with totals in satang (THB) and messages.',
  ],
  get_checkout: ['Get checkout', 'The current state of a checkout session, by id.'],
  update_checkout: [
    'Update checkout',
    'Replaces the whole checkout session (full replacement: send every field to keep; an absent fulfillment or discounts clears it) and prices it again.',
  ],
  complete_checkout: [
    'Complete checkout',
    'Places the order and pays it: checkout.payment.instruments[] with the mock handler (credential.token success_token or fail_token) in sandbox; otherwise the session asks the buyer to pay at continue_url (requires_escalation). Needs meta["idempotency-key"].',
  ],
  cancel_checkout: ['Cancel checkout', 'Cancels an open checkout session. Needs meta["idempotency-key"].'],
  get_order: [
    'Get order',
    'An order placed through one of your checkout sessions: lines, fulfillment expectations and events, adjustments, totals.',
  ],
};

const META = {
  type: 'object',
  description: 'Request metadata: the platform profile (maps to the UCP-Agent header) and the idempotency key.',
  properties: {
    'ucp-agent': {
      type: 'object',
      properties: { profile: { type: 'string', format: 'uri', description: "URL of the platform's UCP profile." } },
      required: ['profile'],
    },
    'idempotency-key': { type: 'string', description: 'Unique key for retry safety (a UUID).' },
  },
  required: ['ucp-agent'],
} as const;

/** The tool list: the checkout and order operations of mcp.openrpc.json, arguments `{meta, id?, checkout?}`. */
export function ucpToolList(): Tool[] {
  return Object.values(UCP_TOOL_SHAPES).map((shape) => {
    const [title, description] = DESCRIPTIONS[shape.operation];
    const readOnly = shape.operation === 'get_checkout' || shape.operation === 'get_order';
    const properties: Record<string, object> = {
      meta: shape.needsIdempotencyKey ? { ...META, required: ['ucp-agent', 'idempotency-key'] } : META,
    };
    if (shape.takesId) properties.id = { type: 'string', description: 'The checkout session (or order) id.' };
    if (shape.takesCheckout)
      properties.checkout = {
        type: 'object',
        description: `A UCP checkout (${UCP_SPEC_BASE}/schemas/shopping/checkout.json, with the fulfillment and discount extensions).`,
      };
    return {
      name: shape.operation,
      title,
      description,
      inputSchema: {
        type: 'object',
        properties,
        required: ['meta', ...(shape.takesId ? ['id'] : []), ...(shape.takesCheckout ? ['checkout'] : [])],
      },
      annotations: {
        title,
        readOnlyHint: readOnly,
        destructiveHint: false,
        idempotentHint: readOnly,
        openWorldHint: false,
      },
    };
  });
}
