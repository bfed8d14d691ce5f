import type { ShopperScope } from '../model/basket.ts';
import type { AgentProtocol } from '../model/checkout-session.ts';
import { sha256Hex } from '../model/ids.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/store.ts';

/** Agent protocols' keys are kept and replayed this long (DESIGN §6: 48 h; ACP and UCP ask for at least 24 h). */
export const AGENT_IDEMPOTENCY_RETENTION_MS = 48 * 60 * 60 * 1000;

/** Printable ASCII without spaces, 1 to 255 characters: UUIDs and every other sane key. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** A lone UTF-16 surrogate, which no canonical form can hold (RFC 8785 §3.2.2.2, I-JSON). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function canonicalValue(value: unknown): string {
  if (value === null || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('Not a JSON number.');
    // ECMAScript's number serialisation is RFC 8785's (§3.2.2.3); -0 prints as 0.
    return JSON.stringify(value);
  }
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) throw new TypeError('Not Unicode.');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item: unknown) => canonicalValue(item ?? null)).join(',')}]`;
  if (typeof value === 'object') {
    // Keys sorted by UTF-16 code units (RFC 8785 §3.2.3), which is what the default sort compares.
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${canonicalValue(key)}:${canonicalValue(item)}`).join(',')}}`;
  }
  throw new TypeError('Not a JSON value.');
}

/**
 * The RFC 8785 (JCS) canonical form of a JSON value: keys sorted, numbers in their shortest form,
 * no spaces. Null when the value has none: a lone surrogate, a non-finite number, or nesting too
 * deep to walk.
 *
 * @example
 * canonicalJson({ b: 1.0, a: [true, 'x'] }); // '{"a":[true,"x"],"b":1}'
 */
export function canonicalJson(value: unknown): string | null {
  try {
    return canonicalValue(value);
  } catch {
    return null;
  }
}

/** One request under an idempotency key, as either protocol's binding states it. */
export interface AgentIdempotentRequest {
  /** The caller's scope in the store (`agent:{agentId}` within its partner and environment). */
  scope: ShopperScope;
  protocol: AgentProtocol;
  /** Method and path of the operation (`POST /checkout_sessions/cs_…/complete`): keys are per route, the same over REST and MCP. */
  route: string;
  key: string;
  /**
   * The parsed JSON body, compared as canonical JSON (key order, spacing and `1.0`/`1` do not
   * matter; `null` ≠ absent); undefined when the body is not JSON (or there is none).
   */
  body: unknown;
  /** The raw body, compared byte for byte when `body` is undefined or has no canonical form (lone surrogates). */
  rawBody?: Uint8Array | undefined;
}

/**
 * What a guarded request comes to, in no protocol's words (each binding maps them to its errors):
 * `ran` (the operation ran now; `value` is its answer), `replayed` (the same request ran before:
 * its stored answer), `conflict` (the key was used for another request), `in-flight` (the first
 * request with this key is still running), `invalid-key`, `unreadable` (a body with no canonical
 * form and no raw bytes), `unavailable` (the store could not be asked: fail closed).
 */
export type AgentIdempotencyOutcome<T> =
  | { kind: 'ran'; value: T }
  | { kind: 'replayed'; value: T }
  | { kind: 'conflict' }
  | { kind: 'in-flight'; retryAfterSeconds: number }
  | { kind: 'invalid-key' }
  | { kind: 'unreadable' }
  | { kind: 'unavailable'; retryAfterSeconds: number };

export interface AgentIdempotencyDeps {
  store: Store;
  clock: Clock;
  /** An unfinished claim older than this belongs to a request that died; the key is taken over. */
  staleAfterMs: number;
  /** Default AGENT_IDEMPOTENCY_RETENTION_MS. */
  retentionMs?: number;
}

/** Whether a key can hold this request: 1 to 255 printable ASCII characters without spaces. */
export function isIdempotencyKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** The fingerprint two requests under one key are compared by; null when the body has no comparable form. */
function fingerprint(request: AgentIdempotentRequest): string | null {
  const parsed = request.body !== undefined || !request.rawBody;
  const canonical = parsed ? canonicalJson({ route: request.route, body: request.body ?? null }) : null;
  if (canonical !== null) return sha256Hex(`json\u0000${canonical}`);
  if (!request.rawBody) return null;
  return sha256Hex(`raw\u0000${request.route}\u0000${sha256Hex(request.rawBody)}`);
}

/**
 * Runs `operation` at most once per (caller, protocol, route, key) (DESIGN §6 "Idempotency"), over
 * the store's idempotency keys: the first request claims the key and its answer is kept for 48 h;
 * the same request again replays that answer; another request under the key is a `conflict`; a
 * request while the first still runs is `in-flight`. `keep(value)` says whether an answer is kept:
 * a transient one (a 5xx, a busy session) releases the key, as does a thrown error (rethrown), so
 * a retry runs afresh. Answers must be JSON, as the store keeps them.
 *
 * @example
 * const outcome = await agentIdempotent(deps, { scope, protocol: 'acp', route, key, body }, run, (a) => a.status < 500);
 * if (outcome.kind === 'conflict') … // ACP: 422 idempotency_conflict; UCP: 409
 */
export async function agentIdempotent<T>(
  deps: AgentIdempotencyDeps,
  request: AgentIdempotentRequest,
  operation: () => Promise<T>,
  keep: (value: T) => boolean,
): Promise<AgentIdempotencyOutcome<T>> {
  if (!isIdempotencyKey(request.key)) return { kind: 'invalid-key' };
  const requestHash = fingerprint(request);
  if (requestHash === null) return { kind: 'unreadable' };
  const key = `${request.protocol} ${request.route} ${request.key}`;
  let claim;
  try {
    claim = await deps.store.claimIdempotencyKey(request.scope, {
      key,
      requestHash,
      resourceId: request.route,
      nowMs: deps.clock.now(),
      staleAfterMs: deps.staleAfterMs,
      retentionMs: deps.retentionMs ?? AGENT_IDEMPOTENCY_RETENTION_MS,
    });
  } catch {
    return { kind: 'unavailable', retryAfterSeconds: 2 };
  }
  switch (claim.kind) {
    case 'mismatch':
      return { kind: 'conflict' };
    case 'in-progress':
      return { kind: 'in-flight', retryAfterSeconds: 1 };
    case 'replay':
      return { kind: 'replayed', value: claim.response as T };
    case 'claimed':
      return { kind: 'ran', value: await settle(deps.store, request.scope, key, operation, keep) };
  }
}

async function settle<T>(
  store: Store,
  scope: ShopperScope,
  key: string,
  operation: () => Promise<T>,
  keep: (value: T) => boolean,
): Promise<T> {
  let value: T;
  try {
    value = await operation();
  } catch (error) {
    await store.releaseIdempotencyKey(scope, key).catch(() => undefined);
    throw error;
  }
  if (!keep(value)) {
    await store.releaseIdempotencyKey(scope, key).catch(() => undefined);
    return value;
  }
  // The work is done: failing to record it only means a retry runs it again (sessions are idempotent writes).
  await store.completeIdempotencyKey(scope, key, value).catch(() => false);
  return value;
}
