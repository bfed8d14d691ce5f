/** What the `Origin` header of a request says about who may be calling. */
export type OriginVerdict = 'absent' | 'allowed' | 'refused';

/**
 * Origin validation against DNS rebinding and cross-site calls (MCP transport security): requests
 * without `Origin` (agents, servers, CLIs) pass; a browser's request passes only from an allowed
 * origin. Allowed origins are compared as serialized origins (`scheme://host[:port]`), never derived
 * from the request's own `Host`, which a rebinding attacker controls.
 *
 * @example
 * const verdict = createOriginPolicy(['https://api.example.com']);
 * verdict('https://evil.example'); // 'refused'
 */
export function createOriginPolicy(allowedOrigins: readonly string[]): (origin: string | undefined) => OriginVerdict {
  const allowed = new Set(allowedOrigins.map(serialize).filter((origin): origin is string => origin !== null));
  return (origin) => {
    if (origin === undefined || origin === '') return 'absent';
    const serialized = serialize(origin);
    return serialized !== null && allowed.has(serialized) ? 'allowed' : 'refused';
  };
}

/** `https://Shop.example:443/path` → `https://shop.example`; opaque origins (`null`) have none. */
function serialize(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
