import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AcpOperationName } from './acp-operations.ts';
import { ACP_VERSION } from './acp-version.ts';

/** How a tool's arguments are shaped (docs/mcp-binding.md "Argument Structure"): `id` and `payload` per tool. */
export interface AcpToolShape {
  operation: AcpOperationName;
  takesId: boolean;
  payload: 'required' | 'optional' | 'none';
}

export const ACP_TOOL_SHAPES: Readonly<Record<AcpOperationName, AcpToolShape>> = {
  create_checkout_session: { operation: 'create_checkout_session', takesId: false, payload: 'required' },
  get_checkout_session: { operation: 'get_checkout_session', takesId: true, payload: 'none' },
  update_checkout_session: { operation: 'update_checkout_session', takesId: true, payload: 'required' },
  complete_checkout_session: { operation: 'complete_checkout_session', takesId: true, payload: 'required' },
  cancel_checkout_session: { operation: 'cancel_checkout_session', takesId: true, payload: 'optional' },
};

const DESCRIPTIONS: Readonly<Record<AcpOperationName, [title: string, description: string, payload: string]>> = {
  create_checkout_session: [
    'Create checkout session',
    'Opens a checkout session in the grocery shop (Thailand) with line_items ({id: cprcode, quantity} or {item: {id}, quantity}), and optionally buyer, fulfillment_details (a Thai delivery address) and discounts.codes. Answers the whole session: totals in satang (thb, VAT included), pickup and delivery options, messages.',
    'CheckoutSessionCreateRequest: line_items (required), currency "thb", buyer, fulfillment_details, selected_fulfillment_options, discounts, capabilities.',
  ],
  get_checkout_session: ['Get checkout session', 'The current state of a checkout session, by id.', ''],
  update_checkout_session: [
    'Update checkout session',
    'Changes a checkout session (a patch: absent fields are unchanged, null clears) and prices it again: line_items, buyer, fulfillment_details (address → delivery options), selected_fulfillment_options (pickup_{branch}, delivery_regular, delivery_express), discounts.codes.',
    'CheckoutSessionUpdateRequest.',
  ],
  complete_checkout_session: [
    'Complete checkout session',
    'Places the order and pays it: payment_data {handler_id: "sandbox_token", instrument: {type: "token", credential: {type: "token", token: "success_token" | "fail_token"}}} in sandbox, or handler_id "payment_page": the session answers requires_escalation and the buyer pays at continue_url.',
    'CheckoutSessionCompleteRequest: payment_data (required), buyer.',
  ],
  cancel_checkout_session: [
    'Cancel checkout session',
    'Cancels an open checkout session.',
    'CancelSessionRequest: intent_trace.',
  ],
};

const META = {
  type: 'object',
  description:
    'Protocol metadata, the REST headers: api_version (API-Version), idempotency_key (Idempotency-Key), request_id (Request-Id).',
  properties: {
    api_version: { type: 'string', description: `ACP API version, "${ACP_VERSION}".` },
    idempotency_key: { type: 'string', description: 'Unique key for retry safety (a UUID v4).' },
    request_id: { type: 'string', description: 'Correlation id.' },
  },
  required: ['api_version'],
  additionalProperties: true,
} as const;

/** The tool list: the five checkout operations with `{meta, id?, payload?}` arguments. */
export function acpToolList(): Tool[] {
  return Object.values(ACP_TOOL_SHAPES).map((shape) => {
    const [title, description, payload] = DESCRIPTIONS[shape.operation];
    const readOnly = shape.operation === 'get_checkout_session';
    const properties: Record<string, object> = { meta: META };
    if (shape.takesId) properties.id = { type: 'string', description: 'The checkout session id (cs_…).' };
    if (shape.payload !== 'none')
      properties.payload = { type: 'object', description: `The REST request body: ${payload}` };
    return {
      name: shape.operation,
      title,
      description,
      inputSchema: {
        type: 'object',
        properties,
        required: ['meta', ...(shape.takesId ? ['id'] : []), ...(shape.payload === 'required' ? ['payload'] : [])],
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
