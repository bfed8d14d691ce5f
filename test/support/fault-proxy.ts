/**
 * An HTTP proxy between the API and the grocer's HTTP server that forwards every call unchanged
 * (body bytes and end-to-end headers) and injects the faults a test sets, at run time, on chosen
 * calls: a slow grocer, a grocer that did the work but whose answer came late or never, a 5xx, a
 * connection reset, or a call held until the test lets it go. Every call is recorded, so a test can
 * assert what the grocer really received. The API also calls the grocer on its own (readiness checks
 * the catalog version, the order poller looks orders up): match rules by method and path narrowly.
 */
import {
  request as httpRequest,
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { listen, type RunningServer } from '@grocery/http-node';

/** What a rule does to a call it matches; each is named for what happens in production. */
export type Fault =
  /** The grocer is slow to receive: wait `ms`, then forward (even if the client gave up meanwhile: the request was on its way). */
  | { kind: 'delay'; ms: number }
  /** The grocer does the work but its answer is slow: forward, then hold the answer `ms`. */
  | { kind: 'delayResponse'; ms: number }
  /** A failing gateway in front of the grocer: answer `status` (5xx) without forwarding. */
  | { kind: 'status'; status: number; body?: string }
  /** The grocer does the work, then the answer is lost and `status` (5xx) comes back instead. */
  | { kind: 'statusAfter'; status: number; body?: string }
  /** The connection is reset before the grocer sees the call. */
  | { kind: 'reset' }
  /** The grocer does the work, then the connection is reset instead of answering. */
  | { kind: 'resetAfter' }
  /**
   * The call waits until the test calls `release()` on the rule: with `forward` (the default) the
   * grocer does the work at once and its answer is held; without, the request itself is held and
   * reaches the grocer on release.
   */
  | { kind: 'hold'; forward?: boolean };

export type FaultKind = Fault['kind'];

/** Which calls a rule applies to, and to how many. */
export interface RuleMatch {
  /** Any method when absent; compared case-insensitively. */
  method?: string;
  /** The request path without its query: equal to a string, or tested by a RegExp. */
  path: string | RegExp;
  /** How many matching calls the rule applies to, from now on. Default 1; `Infinity` for all. */
  times?: number;
}

/**
 * A rule: a match and a fault, flat.
 *
 * @example
 * proxy.addRule({ method: 'POST', path: '/v1/orders', kind: 'delayResponse', ms: 1_000 });
 */
export type FaultRule = RuleMatch & Fault;

/** What became of a call at the proxy. */
export type CallOutcome = 'pending' | 'answered' | 'reset' | 'client-gone' | 'grocer-unreachable' | 'proxy-closed';

/** One call the proxy received, updated as it goes on. */
export interface ProxyCall {
  /** 1, 2, … in arrival order. */
  readonly id: number;
  readonly method: string;
  /** The path without its query string. */
  readonly path: string;
  /** The path with its query string, as received. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The request body as received (and as forwarded). */
  readonly body: Buffer;
  /** The fault applied to it; null when it passed unchanged. */
  readonly fault: FaultKind | null;
  /** The proxy sent the request on to the grocer. */
  readonly forwarded: boolean;
  /** The status the grocer answered (so the grocer did the work); null when it did not answer. */
  readonly grocerStatus: number | null;
  /** The status the client was answered; null when it got no answer. */
  readonly status: number | null;
  readonly outcome: CallOutcome;
  /** Unix ms: arrival, forwarding, the grocer's answer, the end at the proxy. */
  readonly receivedAt: number;
  readonly forwardedAt: number | null;
  readonly grocerAnsweredAt: number | null;
  readonly endedAt: number | null;
}

/** Picks recorded calls; every given field must match. */
export interface CallFilter {
  method?: string;
  /** Equal to a string, or tested by a RegExp, like a rule's path. */
  path?: string | RegExp;
  /** A fault kind, or null for calls that passed unchanged. */
  fault?: FaultKind | null;
  /** Only calls the grocer answered (it did the work) or only those it did not. */
  grocerAnswered?: boolean;
  /** Only calls received at or after this Unix ms. */
  since?: number;
}

/** A rule in force; returned by `addRule` and `setRule`. */
export interface RuleHandle {
  readonly rule: FaultRule;
  /** How many calls the rule has applied to so far. */
  readonly applied: number;
  /**
   * Resolves with the first call the rule applies to: for `hold`, once that call is being held
   * (with `forward`, after the grocer answered it; without, as it arrives); for the others, as it arrives.
   */
  readonly reached: Promise<ProxyCall>;
  /** Lets the calls this rule holds go on, and later ones pass without waiting (for `hold`). */
  release(): void;
  /** Takes the rule out; calls it already applies to go on as they were. */
  remove(): void;
}

export interface FaultProxy {
  /** `http://127.0.0.1:<port>`: give it to the API as GROCER_URL. */
  readonly origin: string;
  /** The grocer it forwards to. */
  readonly target: string;
  /** Adds a rule after the others; the first rule with uses left that matches a call applies. */
  addRule(rule: FaultRule): RuleHandle;
  /** Replaces every rule by this one (held calls are released). */
  setRule(rule: FaultRule): RuleHandle;
  /** Removes every rule and releases every held call. */
  clear(): void;
  /** The recorded calls that match, in arrival order. */
  calls(filter?: CallFilter): ProxyCall[];
  /** Resolves with the first call (recorded or still to come) that matches, or rejects after `timeoutMs`. */
  waitForCall(filter: CallFilter, timeoutMs?: number): Promise<ProxyCall>;
  /** Resolves once no call is in flight at the proxy (release held calls first). */
  settled(timeoutMs?: number): Promise<void>;
  /** Stops at once: held and delayed calls are cut, connections destroyed. */
  close(): Promise<void>;
}

/** Connection-scoped headers (RFC 9110 §7.6.1) are not forwarded; `host` is kept as the client sent it. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) out[name] = value;
  }
  return out;
}

function pathMatches(pattern: string | RegExp, path: string): boolean {
  return typeof pattern === 'string' ? pattern === path : pattern.test(path);
}

function callMatches(call: ProxyCall, filter: CallFilter): boolean {
  if (filter.method !== undefined && filter.method.toUpperCase() !== call.method) return false;
  if (filter.path !== undefined && !pathMatches(filter.path, call.path)) return false;
  if (filter.fault !== undefined && filter.fault !== call.fault) return false;
  if (filter.grocerAnswered !== undefined && filter.grocerAnswered !== (call.grocerStatus !== null)) return false;
  return filter.since === undefined || call.receivedAt >= filter.since;
}

/** The grocer's error shape, so the API reads an injected 5xx as it reads the grocer's own. */
function problemBody(status: number): string {
  return JSON.stringify({
    error: { code: 'INTERNAL', message: `Injected fault: HTTP ${status} from the fault proxy.` },
  });
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

interface GrocerAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** A rule in force: its uses left, and what releases the calls it holds. */
interface ActiveRule {
  rule: FaultRule;
  remaining: number;
  applied: number;
  released: boolean;
  releaseHeld: () => void;
  heldUntil: Promise<void>;
  reached: (call: ProxyCall) => void;
}

/**
 * Starts a proxy on 127.0.0.1 (a free port) in front of `target`.
 *
 * @example
 * const proxy = await startFaultProxy(grocer.origin);
 * const api = await startApiProcess({ grocerUrl: proxy.origin });
 * proxy.addRule({ method: 'POST', path: /^\/v1\/orders\/[^/]+\/payments$/, kind: 'resetAfter' });
 * // … drive a checkout through the API …
 * assert.equal(proxy.calls({ method: 'POST', path: /\/payments$/, grocerAnswered: true }).length, 1);
 * await proxy.close();
 */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const closing = new AbortController();
  const rules: ActiveRule[] = [];
  const records: Writable<ProxyCall>[] = [];
  /** Called whenever a call arrives or moves on, for `waitForCall`. */
  const watchers = new Set<() => void>();
  const changed = () => {
    for (const watcher of watchers) watcher();
  };
  const inFlight = new Set<Promise<void>>();
  const upstreamRequests = new Set<ClientRequest>();
  let nextId = 1;

  const activate = (rule: FaultRule): { active: ActiveRule; handle: RuleHandle } => {
    let releaseHeld!: () => void;
    let reached!: (call: ProxyCall) => void;
    const active: ActiveRule = {
      rule,
      remaining: rule.times ?? 1,
      applied: 0,
      released: false,
      releaseHeld: () => releaseHeld(),
      heldUntil: new Promise<void>((resolve) => (releaseHeld = resolve)),
      reached: (call) => reached(call),
    };
    const reachedPromise = new Promise<ProxyCall>((resolve) => (reached = resolve));
    const handle: RuleHandle = {
      rule,
      get applied() {
        return active.applied;
      },
      reached: reachedPromise,
      release() {
        active.released = true;
        active.releaseHeld();
      },
      remove() {
        const at = rules.indexOf(active);
        if (at >= 0) rules.splice(at, 1);
      },
    };
    return { active, handle };
  };

  const take = (method: string, path: string): ActiveRule | null => {
    const found = rules.find(
      (r) =>
        r.remaining > 0 &&
        (r.rule.method === undefined || r.rule.method.toUpperCase() === method) &&
        pathMatches(r.rule.path, path),
    );
    if (!found) return null;
    found.remaining--;
    found.applied++;
    return found;
  };

  const readBody = async (req: IncomingMessage): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  };

  // Upstream connections are not kept alive: a pooled socket the grocer has just closed would fail
  // a forwarded call with a reset no test asked for. The client side keeps its keep-alive.
  const forward = (call: Writable<ProxyCall>, req: IncomingMessage): Promise<GrocerAnswer | null> =>
    new Promise((resolve) => {
      const headers = endToEnd(req.headers);
      if (call.body.length > 0 || req.headers['content-length'] !== undefined)
        headers['content-length'] = String(call.body.length);
      const outgoing = httpRequest({
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: call.url,
        headers,
        agent: false,
      });
      upstreamRequests.add(outgoing);
      call.forwarded = true;
      call.forwardedAt = Date.now();
      outgoing.on('response', (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          upstreamRequests.delete(outgoing);
          call.grocerStatus = answer.statusCode ?? 0;
          call.grocerAnsweredAt = Date.now();
          changed();
          resolve({ status: answer.statusCode ?? 502, headers: endToEnd(answer.headers), body: Buffer.concat(chunks) });
        });
        answer.on('error', () => {
          upstreamRequests.delete(outgoing);
          resolve(null);
        });
      });
      outgoing.on('error', () => {
        upstreamRequests.delete(outgoing);
        resolve(null);
      });
      outgoing.end(call.body);
    });

  const answer = (
    call: Writable<ProxyCall>,
    res: ServerResponse,
    status: number,
    headers: OutgoingHttpHeaders,
    body: Buffer | string,
  ) => {
    if (res.destroyed) {
      call.outcome = 'client-gone';
      return;
    }
    const length =
      headers['content-length'] === undefined && status !== 204 && status !== 304 && call.method !== 'HEAD';
    res.writeHead(status, length ? { ...headers, 'content-length': String(Buffer.byteLength(body)) } : headers);
    res.end(body);
    call.status = status;
    call.outcome = 'answered';
  };

  const reset = (call: Writable<ProxyCall>, req: IncomingMessage) => {
    // A TCP RST, as a dropped connection looks to the client (ECONNRESET), not a polite FIN.
    if (!req.socket.destroyed) req.socket.resetAndDestroy();
    call.outcome = 'reset';
  };

  // Faults that wait do so until their time is up or the proxy closes, whichever is first.
  const wait = (ms: number) => sleep(ms, undefined, { signal: closing.signal });
  const held = (active: ActiveRule) =>
    new Promise<void>((resolve, reject) => {
      const onClose = () => reject(new Error('the proxy closed'));
      closing.signal.addEventListener('abort', onClose, { once: true });
      void active.heldUntil.then(() => {
        closing.signal.removeEventListener('abort', onClose);
        resolve();
      });
    });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = req.url ?? '/';
    const method = (req.method ?? 'GET').toUpperCase();
    const path = url.split('?', 1)[0]!;
    const body = await readBody(req);
    const active = take(method, path);
    const fault: Fault | null = active ? active.rule : null;
    const call: Writable<ProxyCall> = {
      id: nextId++,
      method,
      path,
      url,
      headers: req.headers,
      body,
      fault: fault?.kind ?? null,
      forwarded: false,
      grocerStatus: null,
      status: null,
      outcome: 'pending',
      receivedAt: Date.now(),
      forwardedAt: null,
      grocerAnsweredAt: null,
      endedAt: null,
    };
    records.push(call);
    changed();
    if (active && fault?.kind !== 'hold') active.reached(call);
    res.once('close', () => {
      if (call.outcome === 'pending' && !res.writableFinished) call.outcome = 'client-gone';
    });

    // A held call counts as reached once it waits (so a test can act at that moment), or at once
    // when its rule was released already.
    const hold = async (rule: ActiveRule) => {
      rule.reached(call);
      if (!rule.released) await held(rule);
    };
    try {
      switch (fault?.kind) {
        case 'status':
          return answer(
            call,
            res,
            fault.status,
            { 'content-type': 'application/json' },
            fault.body ?? problemBody(fault.status),
          );
        case 'reset':
          return reset(call, req);
        case 'delay':
          await wait(fault.ms);
          break;
        case 'hold':
          if (fault.forward === false) await hold(active!);
          break;
        default:
          break;
      }

      const grocer = await forward(call, req);
      if (!grocer) {
        if (closing.signal.aborted) {
          call.outcome = 'proxy-closed';
          return;
        }
        // The grocer is down or cut the connection: what a reverse proxy answers then.
        answer(call, res, 502, { 'content-type': 'application/json' }, problemBody(502));
        if (call.outcome === 'answered') call.outcome = 'grocer-unreachable';
        return;
      }
      switch (fault?.kind) {
        case 'statusAfter':
          return answer(
            call,
            res,
            fault.status,
            { 'content-type': 'application/json' },
            fault.body ?? problemBody(fault.status),
          );
        case 'resetAfter':
          return reset(call, req);
        case 'delayResponse':
          await wait(fault.ms);
          break;
        case 'hold':
          if (fault.forward !== false) await hold(active!);
          break;
        default:
          break;
      }
      answer(call, res, grocer.status, grocer.headers, grocer.body);
    } catch (error) {
      if (!closing.signal.aborted) throw error;
      call.outcome = 'proxy-closed';
      req.socket.destroy();
    } finally {
      call.endedAt = Date.now();
      changed();
    }
  };

  const server: RunningServer = await listen({ host: '127.0.0.1', port: 0 }, (req, res) => {
    const done = handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  });

  const addRule = (rule: FaultRule): RuleHandle => {
    const { active, handle: ruleHandle } = activate(rule);
    rules.push(active);
    return ruleHandle;
  };
  const clear = () => {
    for (const active of rules) {
      active.released = true;
      active.releaseHeld();
    }
    rules.length = 0;
  };

  return {
    origin: server.origin,
    target: upstream.origin,
    addRule,
    setRule(rule) {
      clear();
      return addRule(rule);
    },
    clear,
    calls: (filter = {}) => records.filter((call) => callMatches(call, filter)),
    waitForCall(filter, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = records.find((call) => callMatches(call, filter));
          if (found) finish(() => resolve(found));
        };
        const timer = setTimeout(
          () =>
            finish(() =>
              reject(
                new Error(
                  `no call matching ${JSON.stringify(filter, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v))} within ${timeoutMs} ms`,
                ),
              ),
            ),
          timeoutMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          watchers.delete(check);
          settle();
        };
        watchers.add(check);
        check();
      });
    },
    async settled(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0) {
        if (Date.now() > deadline)
          throw new Error(`${inFlight.size} calls still in flight at the proxy after ${timeoutMs} ms`);
        await Promise.race([Promise.all([...inFlight]), sleep(50)]);
      }
    },
    async close() {
      closing.abort();
      for (const outgoing of upstreamRequests) outgoing.destroy();
      server.server.closeAllConnections();
      await server.close(0);
    },
  };
}
