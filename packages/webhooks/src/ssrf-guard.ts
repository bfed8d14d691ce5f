import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { WebhookUrlCheck, WebhookUrlPolicy } from '@grocery/core/ports';
import ipaddr from 'ipaddr.js';

/** Resolves a host name to every address it has (the shape of `dns.lookup` with `all: true`). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

/** `dns.lookup` with `all: true`: what the operating system would connect to. */
export const systemResolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * Whether a webhook may connect to `address`. Only ordinary public unicast addresses pass
 * (ipaddr.js ranges): loopback, private, link-local (cloud metadata), CGNAT, multicast,
 * broadcast, reserved, IPv6 unique-local and every form embedding an IPv4 address (mapped,
 * compatible, NAT64, 6to4, Teredo) are refused, the mapped form judged as its IPv4 address.
 * Sandbox endpoints may also reach loopback.
 */
export function isAllowedAddress(address: string, policy: WebhookUrlPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  // IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address it is.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === 'loopback') return policy === 'sandbox';
  if (range !== 'unicast') return false;
  // IPv4-compatible ::a.b.c.d (deprecated) is unicast to ipaddr.js but embeds an IPv4 address.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return false;
  return true;
}

const LOCALHOST = /^(?:localhost|[a-z0-9-]+\.localhost)\.?$/i;

/** The host of a URL without IPv6 brackets. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * What can be said of a URL without DNS: its scheme, credentials and IP-literal host. Production
 * endpoints must be `https`; sandbox endpoints may use `http` only to loopback.
 */
export function checkUrlSyntax(
  value: string,
  policy: WebhookUrlPolicy,
): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, reason: 'not an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'the scheme must be https' };
  if (url.username !== '' || url.password !== '')
    return { ok: false, reason: 'credentials in the URL are not allowed' };
  if (url.hash !== '') return { ok: false, reason: 'a fragment is not allowed' };
  const host = bareHost(url);
  const literal = ipaddr.isValid(host);
  if (literal && !isAllowedAddress(host, policy)) return { ok: false, reason: `${host} is not a public address` };
  const loopbackHost = LOCALHOST.test(host) || (literal && ipaddr.process(host).range() === 'loopback');
  if (loopbackHost && policy !== 'sandbox')
    return { ok: false, reason: 'loopback addresses are only for sandbox partners' };
  if (url.protocol === 'http:' && !(policy === 'sandbox' && loopbackHost)) {
    return {
      ok: false,
      reason:
        policy === 'sandbox'
          ? 'the scheme must be https (http only to localhost or 127.0.0.1)'
          : 'the scheme must be https',
    };
  }
  return { ok: true, url };
}

/** Resolves the host and refuses it unless every address it has is allowed. */
export async function checkResolvedHost(
  hostname: string,
  policy: WebhookUrlPolicy,
  resolveAll: ResolveAll,
): Promise<WebhookUrlCheck & { addresses?: LookupAddress[] }> {
  if (ipaddr.isValid(hostname))
    return isAllowedAddress(hostname, policy)
      ? { ok: true }
      : { ok: false, reason: `${hostname} is not a public address` };
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(hostname);
  } catch (error) {
    return { ok: false, reason: `${hostname} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  if (addresses.length === 0) return { ok: false, reason: `${hostname} does not resolve` };
  const refused = addresses.find((a) => !isAllowedAddress(a.address, policy));
  if (refused)
    return { ok: false, reason: `${hostname} resolves to ${refused.address}, which is not a public address` };
  return { ok: true, addresses };
}

/** Checks a webhook URL for registration: syntax, then what its host resolves to now. */
export async function checkWebhookUrl(
  value: string,
  policy: WebhookUrlPolicy,
  resolveAll: ResolveAll = systemResolveAll,
): Promise<WebhookUrlCheck> {
  const syntax = checkUrlSyntax(value, policy);
  if (!syntax.ok) return syntax;
  const resolved = await checkResolvedHost(bareHost(syntax.url), policy, resolveAll);
  return resolved.ok ? { ok: true } : resolved;
}

/** The error a guarded lookup fails with; the sender reports it as `blocked`. */
export class BlockedAddressError extends Error {
  override readonly name = 'BlockedAddressError';
  readonly code = 'EBLOCKED';
}

/**
 * A `lookup` for node:http(s) that resolves and refuses disallowed addresses at connection time,
 * so the address checked is the address connected to (no window for DNS rebinding).
 */
export function guardedLookup(policy: WebhookUrlPolicy, resolveAll: ResolveAll = systemResolveAll): LookupFunction {
  return (hostname, options, callback) => {
    checkResolvedHost(hostname, policy, resolveAll).then(
      (result) => {
        if (!result.ok || !result.addresses) {
          callback(new BlockedAddressError(result.ok ? `${hostname} is not allowed` : result.reason), '', 0);
          return;
        }
        const family =
          options.family === 6 || options.family === 'IPv6'
            ? 6
            : options.family === 4 || options.family === 'IPv4'
              ? 4
              : 0;
        const usable = family === 0 ? result.addresses : result.addresses.filter((a) => a.family === family);
        if (usable.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), '', 0);
        } else if (options.all) {
          (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, usable);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
