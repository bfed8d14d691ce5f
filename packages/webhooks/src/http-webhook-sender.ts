import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import {
  RESPONSE_SNIPPET_MAX,
  type WebhookSender,
  type WebhookSendRequest,
  type WebhookSendResult,
  type WebhookUrlPolicy,
} from '@grocery/core/ports';
import {
  BlockedAddressError,
  checkUrlSyntax,
  checkWebhookUrl,
  guardedLookup,
  systemResolveAll,
  type ResolveAll,
} from './ssrf-guard.ts';

export interface HttpWebhookSenderOptions {
  /** Resolves host names; the system resolver by default. Every address is checked at connection time. */
  resolveAll?: ResolveAll;
  /** Bytes of a response body read for the snippet; the rest is not read. */
  maxResponseBytes?: number;
  /**
   * Whether sandbox endpoints may target loopback (default true, for development). A production
   * deployment turns it off: there every partner's endpoint must be https on a public address.
   */
  sandboxLoopback?: boolean;
}

/**
 * The webhook sender over node:http(s). Not fetch: a check before fetch would leave a window for DNS
 * rebinding, while node's `lookup` hook checks the very address connected to. Redirects are never
 * followed (node does not follow them), each request has its own connection and a hard timeout.
 *
 * @example
 * const sender = createHttpWebhookSender();
 * await sender.send({ url, policy: 'production', body, headers, timeoutMs: 10_000 });
 */
export function createHttpWebhookSender(options: HttpWebhookSenderOptions = {}): WebhookSender {
  const resolveAll = options.resolveAll ?? systemResolveAll;
  const maxResponseBytes = options.maxResponseBytes ?? 4 * RESPONSE_SNIPPET_MAX;
  const effective = (policy: WebhookUrlPolicy): WebhookUrlPolicy =>
    options.sandboxLoopback === false ? 'production' : policy;

  return {
    checkUrl: (url, policy) => checkWebhookUrl(url, effective(policy), resolveAll),

    send(request: WebhookSendRequest): Promise<WebhookSendResult> {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const policy = effective(request.policy);
      const syntax = checkUrlSyntax(request.url, policy);
      if (!syntax.ok) return Promise.resolve({ kind: 'error', error: 'blocked', message: syntax.reason, latencyMs: 0 });
      const timeout = AbortSignal.timeout(request.timeoutMs);
      const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
      const send = syntax.url.protocol === 'https:' ? httpsRequest : httpRequest;

      return new Promise<WebhookSendResult>((resolve) => {
        let settled = false;
        const settle = (result: WebhookSendResult) => {
          if (settled) return;
          settled = true;
          resolve(result);
        };
        const failed = (error: unknown) => {
          if (timeout.aborted)
            return settle({
              kind: 'error',
              error: 'timeout',
              message: `no answer within ${request.timeoutMs} ms`,
              latencyMs: elapsed(),
            });
          if (request.signal?.aborted)
            return settle({ kind: 'error', error: 'aborted', message: 'the dispatcher stopped', latencyMs: elapsed() });
          if (error instanceof BlockedAddressError)
            return settle({ kind: 'error', error: 'blocked', message: error.message, latencyMs: elapsed() });
          const code = (error as NodeJS.ErrnoException).code;
          settle({
            kind: 'error',
            error: 'network',
            message: `${code ?? ''} ${(error as Error).message}`.trim(),
            latencyMs: elapsed(),
          });
        };
        const req = send(
          syntax.url,
          {
            method: 'POST',
            headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
            lookup: guardedLookup(policy, resolveAll),
            // A fresh connection per delivery: a pooled socket would skip the address check.
            agent: false,
            signal,
          },
          (res: IncomingMessage) => {
            const chunks: Buffer[] = [];
            let kept = 0;
            const finish = () => {
              const snippet = Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_SNIPPET_MAX);
              settle({ kind: 'response', status: res.statusCode ?? 0, responseSnippet: snippet, latencyMs: elapsed() });
              res.destroy();
            };
            res.on('data', (chunk: Buffer) => {
              if (kept < maxResponseBytes) {
                chunks.push(chunk.subarray(0, maxResponseBytes - kept));
                kept += Math.min(chunk.length, maxResponseBytes - kept);
              }
              // The status is what matters; a long body is not read to its end.
              if (kept >= maxResponseBytes) finish();
            });
            res.on('end', finish);
            res.on('error', (error) => (settled ? undefined : failed(error)));
          },
        );
        req.on('error', failed);
        req.end(request.body);
      });
    },
  };
}
