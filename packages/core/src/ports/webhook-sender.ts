import type { Environment } from '../model/partner.ts';

/**
 * Which webhook URLs an endpoint may use. `production`: only `https` URLs whose host resolves to
 * public addresses. `sandbox`: those, and also `http`/`https` to loopback (`localhost`, 127.0.0.1, ::1).
 */
export type WebhookUrlPolicy = Environment;

/** Why a URL is refused, or null when it is acceptable. */
export type WebhookUrlCheck = { ok: true } | { ok: false; reason: string };

/** One POST of a webhook body. */
export interface WebhookSendRequest {
  url: string;
  policy: WebhookUrlPolicy;
  /** The raw body, exactly as signed. */
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Aborts the request (the instance is stopping). */
  signal?: AbortSignal | undefined;
}

/** What came of one POST: a response (any status, redirects not followed) or a failure before one. */
export type WebhookSendResult =
  | { kind: 'response'; status: number; responseSnippet: string; latencyMs: number }
  | { kind: 'error'; error: 'timeout' | 'network' | 'blocked' | 'aborted'; message: string; latencyMs: number };

/**
 * Sends webhook bodies over HTTP and guards against server-side request forgery: the URL policy is
 * checked at registration and again at delivery (against DNS rebinding). Implemented outside core
 * (`@grocery/webhooks`), since core does no network or DNS itself.
 */
export interface WebhookSender {
  /** Checks a URL for registration: syntax, scheme and what its host resolves to now. */
  checkUrl(url: string, policy: WebhookUrlPolicy): Promise<WebhookUrlCheck>;
  /** Never throws for network faults; they are results. Never follows redirects. */
  send(request: WebhookSendRequest): Promise<WebhookSendResult>;
}
