// One call of the HTTP grocer: the request, bounded retries of idempotent calls, and the answer or error translated.
import { CommerceError, isErrorCode } from '@grocery/core';

/** How one call is made. */
export interface CallOptions {
  idempotent: boolean;
  control?: boolean;
  body?: unknown;
  /** Answer 404 NOT_FOUND with null instead of throwing. */
  nullOn404?: boolean;
  binary?: boolean;
}

/** Where and how calls go: the client's options with their defaults applied. */
export interface CallSettings {
  /** Base URL without a trailing slash. */
  base: string;
  token: string | undefined;
  controlToken: string | undefined;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  fetch: typeof fetch;
}

/** Makes a call: `call('GET', '/v1/branches', { idempotent: true })`. */
export type GrocerCall = <T>(method: string, path: string, options: CallOptions) => Promise<T>;

/** What one attempt came to: a value, or an error and whether another attempt may help. */
type AttemptResult = { retry: boolean; error?: CommerceError; value?: unknown };

/** The grocer cannot serve us: what callers see of network faults, timeouts, 5xx and our own bad credentials. */
function unavailable(message: string, cause?: unknown): CommerceError {
  return new CommerceError('GROCER_UNAVAILABLE', message, { cause });
}

/** The `items` of a list answer. */
export function items<T>(value: unknown): T[] {
  if (typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items))
    return (value as { items: T[] }).items;
  throw unavailable('The grocer answered with an unexpected body.');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The call function of a client, and `close()`, after which every call fails with GROCER_UNAVAILABLE. */
export function createGrocerCall(settings: CallSettings): { call: GrocerCall; close: () => void } {
  let closed = false;
  const call: GrocerCall = async <T>(method: string, path: string, callOptions: CallOptions): Promise<T> => {
    if (closed) throw unavailable('The grocer client is closed.');
    const attempts = callOptions.idempotent ? 1 + settings.retries : 1;
    let last: CommerceError | undefined;
    for (let i = 0; i < attempts; i++) {
      if (i > 0) await sleep(settings.retryDelayMs * 2 ** (i - 1));
      const result = await attempt(settings, method, path, callOptions);
      if (!result.error) return result.value as T;
      last = result.error;
      if (!result.retry) break;
    }
    throw last!;
  };
  return {
    call,
    close: () => {
      closed = true;
    },
  };
}

/** One request and what its answer means. */
async function attempt(
  settings: CallSettings,
  method: string,
  path: string,
  call: CallOptions,
): Promise<AttemptResult> {
  const headers: Record<string, string> = { accept: call.binary ? '*/*' : 'application/json' };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (call.control) {
    if (settings.controlToken) headers['x-control-token'] = settings.controlToken;
  } else if (settings.token) headers['authorization'] = `Bearer ${settings.token}`;
  let response: Response;
  try {
    response = await settings.fetch(`${settings.base}${path}`, {
      method,
      headers,
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      retry: true,
      error: unavailable(
        timedOut ? `The grocer did not answer within ${settings.timeoutMs} ms.` : 'The grocer cannot be reached.',
        error,
      ),
    };
  }
  if (response.status === 204) return { retry: false, value: undefined };
  if (response.ok) return readAnswer(response, call);
  return readRefusal(response, call);
}

/** The body of a 2xx answer: JSON, or the bytes and type of a binary one. */
async function readAnswer(response: Response, call: CallOptions): Promise<AttemptResult> {
  try {
    if (call.binary)
      return {
        retry: false,
        value: {
          contentType: response.headers.get('content-type') ?? 'application/octet-stream',
          body: new Uint8Array(await response.arrayBuffer()),
        },
      };
    return { retry: false, value: await response.json() };
  } catch (error) {
    return { retry: true, error: unavailable('The grocer answered with a body that could not be read.', error) };
  }
}

/** A 4xx or 5xx answer as an error: the grocer's CommerceError for a refusal, GROCER_UNAVAILABLE (retried) for a failure. */
async function readRefusal(response: Response, call: CallOptions): Promise<AttemptResult> {
  const text = await response.text().catch(() => '');
  let problem: { code?: unknown; message?: unknown; field?: unknown; details?: unknown } | undefined;
  try {
    problem = (JSON.parse(text) as { error?: typeof problem }).error;
  } catch {
    problem = undefined;
  }
  if (response.status >= 500 || response.status === 429) {
    return {
      retry: true,
      error: unavailable(
        `The grocer failed with HTTP ${response.status}${typeof problem?.message === 'string' ? `: ${problem.message}` : ''}.`,
      ),
    };
  }
  if (call.nullOn404 && response.status === 404) return { retry: false, value: null };
  if (!problem || !isErrorCode(problem.code) || typeof problem.message !== 'string') {
    return { retry: false, error: unavailable(`The grocer refused the call with HTTP ${response.status}.`) };
  }
  // A refused API token is a configuration fault of ours: to callers the grocer is unavailable.
  if (problem.code === 'FORBIDDEN' && !call.control)
    return { retry: false, error: unavailable(`The grocer refused our credentials: ${problem.message}`) };
  return {
    retry: false,
    error: new CommerceError(problem.code, problem.message, {
      field: typeof problem.field === 'string' ? problem.field : undefined,
      details:
        typeof problem.details === 'object' && problem.details !== null
          ? (problem.details as Record<string, unknown>)
          : undefined,
    }),
  };
}
