import { sha256Hex } from '@grocery/core';
import type { Clock, Store } from '@grocery/core/ports';
import canonicalize from 'canonicalize';
import { protocolError, type UcpProtocolError } from './envelope.ts';

/** What an operation answers: a UCP body with its HTTP status, or a protocol error. */
export type UcpOutcome =
  | { ok: true; status: number; body: Record<string, unknown>; replayed?: boolean }
  | { ok: false; error: UcpProtocolError; replayed?: boolean };

/** Results are kept and replayed this long (DESIGN §6: 48 h; the spec asks for at least 24 h). */
export const UCP_IDEMPOTENCY_RETENTION_MS = 48 * 60 * 60 * 1000;

/** Printable ASCII without spaces, as UUIDs and every other sane key are. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Who a key belongs to: the store's scope of the caller (`agent:{agentId}` within its partner and environment). */
export interface IdempotencyScope {
  partnerId: string;
  environment: 'sandbox' | 'production';
  ownerId: string;
}

export interface IdempotentRequest {
  scope: IdempotencyScope;
  /** The `Idempotency-Key` header or MCP `meta["idempotency-key"]`; null runs the operation unguarded. */
  key: string | null;
  /** Method and path of the operation (`POST /checkout-sessions/cs_…/complete`), the same for REST and MCP. */
  route: string;
  /** The request's JSON (compared as RFC 8785 canonical JSON, so key order and spacing do not matter). */
  body: unknown;
}

/**
 * The RFC 8785 (JCS) canonical form of a request body, or null when it has none: lone surrogates,
 * or nesting too deep to walk.
 *
 * @example
 * canonicalJson({ b: 1, a: [true, 'x'] }); // '{"a":[true,"x"],"b":1}'
 */
export function canonicalJson(value: unknown): string | null {
  try {
    return canonicalize(value) ?? null;
  } catch {
    return null;
  }
}

/** Transient answers are not kept: trying again with the same key can succeed. */
function keeps(outcome: UcpOutcome): boolean {
  if (outcome.ok) return true;
  const { status, retryAfterSeconds } = outcome.error;
  return status < 500 && status !== 429 && retryAfterSeconds === undefined;
}

/**
 * Runs `operation` at most once per (caller, route, key) (DESIGN §6 "Idempotency"): the first
 * request claims the key, and its answer is kept for 48 h; the same key with the same body replays
 * that answer; with another body it is refused (409 `idempotency_conflict`); while the first is
 * still running, 409 `idempotency_in_flight` with `Retry-After`. A store that cannot be reached
 * fails closed (503). A fault or a transient answer releases the key for a retry.
 *
 * @example
 * const outcome = await idempotent({ store, clock, staleAfterMs: 60_000 }, request, () => complete(...));
 */
export async function idempotent(
  deps: { store: Store; clock: Clock; staleAfterMs: number },
  request: IdempotentRequest,
  operation: () => Promise<UcpOutcome>,
): Promise<UcpOutcome> {
  if (request.key === null) return operation();
  if (!KEY_PATTERN.test(request.key))
    return {
      ok: false,
      error: protocolError(400, 'invalid_idempotency_key', 'An idempotency key is 1 to 255 printable characters.'),
    };
  const canonical = canonicalJson({ route: request.route, body: request.body ?? null });
  if (canonical === null)
    return {
      ok: false,
      error: protocolError(400, 'invalid_request', 'The body holds text that is not Unicode, or nests too deep.'),
    };
  const key = `ucp ${request.route} ${request.key}`;
  let claim;
  try {
    claim = await deps.store.claimIdempotencyKey(request.scope, {
      key,
      requestHash: sha256Hex(canonical),
      resourceId: request.route,
      nowMs: deps.clock.now(),
      staleAfterMs: deps.staleAfterMs,
      retentionMs: UCP_IDEMPOTENCY_RETENTION_MS,
    });
  } catch {
    return {
      ok: false,
      error: protocolError(503, 'service_unavailable', 'Idempotency keys cannot be checked now; try again.', {
        retryAfterSeconds: 2,
      }),
    };
  }
  switch (claim.kind) {
    case 'mismatch':
      return {
        ok: false,
        error: protocolError(409, 'idempotency_conflict', 'This idempotency key was used for a different request.'),
      };
    case 'in-progress':
      return {
        ok: false,
        error: protocolError(409, 'idempotency_in_flight', 'A request with this idempotency key is still running.', {
          retryAfterSeconds: 1,
        }),
      };
    case 'replay':
      return { ...(claim.response as UcpOutcome), replayed: true };
    case 'claimed':
      return settle(deps.store, request.scope, key, operation);
  }
}

async function settle(
  store: Store,
  scope: IdempotencyScope,
  key: string,
  operation: () => Promise<UcpOutcome>,
): Promise<UcpOutcome> {
  let outcome: UcpOutcome;
  try {
    outcome = await operation();
  } catch (error) {
    await store.releaseIdempotencyKey(scope, key).catch(() => undefined);
    throw error;
  }
  if (!keeps(outcome)) {
    await store.releaseIdempotencyKey(scope, key).catch(() => undefined);
    return outcome;
  }
  // The work is done: a failure to record it only means a retry runs it again (core's sessions are idempotent).
  await store.completeIdempotencyKey(scope, key, outcome).catch(() => false);
  return outcome;
}
