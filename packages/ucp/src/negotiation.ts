import type { UcpCapability } from './profile-schema.ts';
import { UcpError } from './ucp-error.ts';

/** Capabilities by name, each an array of the versions declared (the profile's `ucp.capabilities`). */
export type CapabilityRegistry = Readonly<Record<string, readonly UcpCapability[]>>;

function listed(versions: readonly string[]): string {
  return versions.length === 1 ? versions[0]! : `${versions.slice(0, -1).join(', ')} and ${versions.at(-1)!}`;
}

/**
 * Checks a caller's protocol version (its profile's `ucp.version`, or the `UCP-Agent` version) against
 * the versions the business serves: its `version` and the keys of its `supported_versions`
 * (overview.md "Request-Time Validation"). Throws `version_unsupported` (422) otherwise.
 *
 * @example
 * checkProtocolVersion(profile.ucp.version, [UCP_VERSION]);
 */
export function checkProtocolVersion(version: string, supported: readonly string[]): void {
  if (!supported.includes(version))
    throw new UcpError(
      'version_unsupported',
      `Protocol version ${version} is not supported. This business supports ${supported.length === 1 ? 'version' : 'versions'} ${listed(supported)}.`,
    );
}

function parentsOf(capability: UcpCapability): string[] {
  const parents = capability.extends;
  return parents === undefined ? [] : typeof parents === 'string' ? [parents] : parents;
}

/**
 * The capabilities a business and a caller share (overview.md "Intersection Algorithm"): each
 * business capability whose name the caller also declares, at the highest version both declare
 * (the business's entry for it), without capabilities that share no version, and without
 * extensions none of whose `extends` parents remain, pruned until nothing changes.
 *
 * @example
 * negotiateCapabilities(business.ucp.capabilities, callerProfile.ucp.capabilities ?? {});
 * // → { 'dev.ucp.shopping.checkout': [{ version: '2026-04-08', … }], … }
 */
export function negotiateCapabilities(
  business: CapabilityRegistry,
  platform: CapabilityRegistry,
): Record<string, UcpCapability[]> {
  const result = new Map<string, UcpCapability>();
  for (const [name, offered] of Object.entries(business)) {
    const accepted = new Set((Object.hasOwn(platform, name) ? platform[name]! : []).map((entry) => entry.version));
    // YYYY-MM-DD versions order as strings.
    const shared = offered
      .filter((entry) => accepted.has(entry.version))
      .sort((a, b) => (a.version < b.version ? 1 : -1));
    if (shared[0]) result.set(name, shared[0]);
  }
  let pruned = true;
  while (pruned) {
    pruned = false;
    for (const [name, capability] of result) {
      const parents = parentsOf(capability);
      if (parents.length > 0 && !parents.some((parent) => result.has(parent))) {
        result.delete(name);
        pruned = true;
      }
    }
  }
  return Object.fromEntries([...result].map(([name, capability]) => [name, [capability]]));
}

/**
 * The negotiated capabilities a response declares (overview.md "Response Capability Selection"):
 * the operation's root capability and the extensions that extend it.
 *
 * @example
 * capabilitiesForResponse(negotiated, 'dev.ucp.shopping.checkout'); // checkout, fulfillment, discount
 */
export function capabilitiesForResponse(negotiated: CapabilityRegistry, root: string): Record<string, UcpCapability[]> {
  return Object.fromEntries(
    Object.entries(negotiated)
      .filter(([name, entries]) => name === root || entries.some((entry) => parentsOf(entry).includes(root)))
      .map(([name, entries]) => [name, [...entries]]),
  );
}
