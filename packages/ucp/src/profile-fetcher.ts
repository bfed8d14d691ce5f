import { LRUCache } from 'lru-cache';
import { createGuardedGet, type FetchDocument, type FetchedDocument, type ProfileFetchPolicy } from './guarded-get.ts';
import { checkProtocolVersion } from './negotiation.ts';
import { profileSchema, type UcpProfile } from './profile-schema.ts';
import { UcpError } from './ucp-error.ts';
import { UCP_VERSION } from './ucp-version.ts';

export interface ProfileFetcherOptions {
  /** How documents are fetched (default `createGuardedGet()`: node:http(s) behind the webhooks SSRF guard). */
  fetchDocument?: FetchDocument;
  /** Protocol versions a caller's profile may declare (default `[UCP_VERSION]`). */
  supportedVersions?: readonly string[];
  /** Per fetch (default 3,000 ms). */
  timeoutMs?: number;
  /** Largest profile read (default 256 KiB). */
  maxBytes?: number;
  /** Profiles kept (default 1,000): the cache is bounded whatever the number of callers. */
  maxEntries?: number;
  /** The TTL floor (default 60 s, as overview.md "Fetching" says), also used when a profile sends no max-age. */
  minTtlSeconds?: number;
  /** The TTL ceiling (default 3,600 s), so a key removed from a profile is noticed. */
  maxTtlSeconds?: number;
  /** How long a failed fetch is answered from the cache before trying again (default 10 s). */
  failureTtlSeconds?: number;
  /** Milliseconds since the epoch (default `Date.now`), for tests. */
  now?: () => number;
}

export interface FetchProfileOptions {
  policy: ProfileFetchPolicy;
  /**
   * Fetch again although cached, e.g. when a signature names an unknown `kid`; done at most once per
   * TTL floor per origin, as the spec requires.
   */
  forceRefresh?: boolean;
}

/** Fetches, validates and caches callers' UCP profiles. */
export interface ProfileFetcher {
  /**
   * The profile at `url`, from the cache while fresh. Throws a UcpError: `invalid_profile_url`
   * (400), `profile_unreachable` (424), `profile_malformed` or `version_unsupported` (422).
   */
  fetch(url: URL | string, options: FetchProfileOptions): Promise<UcpProfile>;
}

type Entry = { profile: UcpProfile; fetchedAt: number } | { error: UcpError; fetchedAt: number };

const MAX_AGE = /(?:^|,)\s*max-age\s*=\s*"?(\d{1,10})"?\s*(?:,|$)/i;

/** The TTL of a fetched profile: its `max-age`, within the floor and ceiling (the floor without one). */
export function profileTtlSeconds(cacheControl: string | undefined, minTtl: number, maxTtl: number): number {
  const maxAge = cacheControl === undefined ? undefined : MAX_AGE.exec(cacheControl)?.[1];
  const seconds = maxAge === undefined ? minTtl : Number(maxAge);
  return Math.min(maxTtl, Math.max(minTtl, seconds));
}

function profileOf(document: FetchedDocument, url: URL): UcpProfile {
  if (document.status >= 300 && document.status < 400)
    throw new UcpError(
      'profile_unreachable',
      `The profile at ${url.host} redirects (${document.status}); profiles must not.`,
    );
  if (document.status < 200 || document.status >= 300)
    throw new UcpError('profile_unreachable', `The profile at ${url.host} answered HTTP ${document.status}.`);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(document.body));
  } catch (error) {
    throw new UcpError('profile_malformed', `The profile at ${url.host} is not valid JSON.`, { cause: error });
  }
  const parsed = profileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new UcpError(
      'profile_malformed',
      `The profile at ${url.host} violates the UCP profile schema${where}: ${issue?.message ?? 'invalid'}.`,
    );
  }
  return parsed.data;
}

function toUrl(url: URL | string): URL {
  if (url instanceof URL) return url;
  try {
    return new URL(url);
  } catch (error) {
    throw new UcpError('invalid_profile_url', 'The profile URL is not an absolute URL.', { cause: error });
  }
}

/**
 * The profile fetcher of overview.md "Profile Requirements": GET through the SSRF guard with a
 * timeout and a size cap, no redirects, JSON validated against the profile schema, the caller's
 * `ucp.version` checked, and an LRU cache whose TTL honours `Cache-Control: max-age` within bounds.
 * Concurrent fetches of one URL share a request; failures are remembered briefly (backoff).
 *
 * @example
 * const profiles = createProfileFetcher();
 * const profile = await profiles.fetch(agent.profileUrl, { policy: partner.environment === 'sandbox' ? 'sandbox' : 'production' });
 */
export function createProfileFetcher(options: ProfileFetcherOptions = {}): ProfileFetcher {
  const fetchDocument = options.fetchDocument ?? createGuardedGet();
  const supported = options.supportedVersions ?? [UCP_VERSION];
  const now = options.now ?? Date.now;
  const minTtl = options.minTtlSeconds ?? 60;
  const maxTtl = options.maxTtlSeconds ?? 3600;
  const documentOptions = { timeoutMs: options.timeoutMs ?? 3000, maxBytes: options.maxBytes ?? 256 * 1024 };
  // ttlResolution 0: read the clock on every access rather than a value cached for a millisecond.
  const cache = new LRUCache<string, Entry>({ max: options.maxEntries ?? 1000, perf: { now }, ttlResolution: 0 });
  const forcedAt = new LRUCache<string, number>({
    max: options.maxEntries ?? 1000,
    ttl: minTtl * 1000,
    perf: { now },
    ttlResolution: 0,
  });
  const inFlight = new Map<string, Promise<Entry>>();

  const load = (key: string, url: URL, policy: ProfileFetchPolicy): Promise<Entry> => {
    const running = inFlight.get(key);
    if (running) return running;
    const loading = fetchDocument(url, { policy, ...documentOptions })
      .then((document): Entry => {
        const entry = { profile: profileOf(document, url), fetchedAt: now() };
        cache.set(key, entry, { ttl: profileTtlSeconds(document.headers['cache-control'], minTtl, maxTtl) * 1000 });
        return entry;
      })
      .catch((error: unknown): Entry => {
        const known =
          error instanceof UcpError
            ? error
            : new UcpError('profile_unreachable', `Unable to fetch ${url.host}.`, { cause: error });
        const entry = { error: known, fetchedAt: now() };
        cache.set(key, entry, { ttl: (options.failureTtlSeconds ?? 10) * 1000 });
        return entry;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, loading);
    return loading;
  };

  return {
    async fetch(target, { policy, forceRefresh = false }) {
      const url = toUrl(target);
      const key = `${policy} ${url.href}`;
      let entry = cache.get(key);
      if (entry && forceRefresh && !forcedAt.has(url.origin)) {
        forcedAt.set(url.origin, now());
        entry = undefined;
      }
      entry ??= await load(key, url, policy);
      if ('error' in entry) throw entry.error;
      checkProtocolVersion(entry.profile.ucp.version, supported);
      return entry.profile;
    },
  };
}
