import type { HttpResponse } from '@grocery/core/http';

/** Browsers call the pool from any shop's origin with the AWS SDK's headers. */
export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers':
    'content-type, x-amz-target, x-amz-user-agent, amz-sdk-invocation-id, amz-sdk-request, authorization, cache-control',
  'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage',
  'access-control-max-age': '600',
};

/** A JSON answer with the CORS headers; `headers` override the defaults. */
export function json(status: number, value: unknown, headers: Record<string, string> = {}): HttpResponse {
  return {
    status,
    headers: { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}
