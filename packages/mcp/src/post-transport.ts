import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

/**
 * An SDK `Transport` for one stateless streamable-HTTP POST answered with JSON: `exchange` hands the
 * request's messages to the server and resolves with the responses to its requests, in request
 * order. It is the JSON-response path of the SDK's WebStandardStreamableHTTPServerTransport without
 * the web `Request`, `Response`, stream and abort-signal objects, which cost most of a tool call's
 * time on Node 20 (the HTTP checks before it live in mcp-handler.ts and mcp-request.ts).
 *
 * @example
 * const transport = new PostTransport();
 * await server.connect(transport);
 * const responses = await transport.exchange([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
 */
export class PostTransport implements Transport {
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  readonly #responses = new Map<RequestId, JSONRPCMessage | null>();
  #settle: (() => void) | null = null;
  #used = false;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  /** Delivers the messages; resolves once every request among them has its response. */
  exchange(messages: readonly JSONRPCMessage[]): Promise<JSONRPCMessage[]> {
    if (this.#used) throw new Error('A PostTransport carries one HTTP request; make a new one per request.');
    this.#used = true;
    const ids = messages.flatMap((message) => ('method' in message && 'id' in message ? [message.id] : []));
    for (const id of ids) this.#responses.set(id, null);
    const done = new Promise<JSONRPCMessage[]>((resolve) => {
      this.#settle = () => resolve(ids.map((id) => this.#responses.get(id)!));
    });
    for (const message of messages) this.onmessage?.(message);
    if (ids.length === 0) this.#settle?.();
    return done;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // A JSON answer carries only responses; server notifications have no stream to go on.
    if ('method' in message || !('id' in message) || message.id === undefined || !this.#responses.has(message.id))
      return;
    this.#responses.set(message.id, message);
    for (const response of this.#responses.values()) if (response === null) return;
    this.#settle?.();
  }
}
