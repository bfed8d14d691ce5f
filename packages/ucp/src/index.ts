/**
 * @grocery/ucp: the Universal Commerce Protocol binding of shared/DESIGN.md §6 — what a UCP business
 * needs besides core's checkout sessions (which hold the checkout rules): the caller's profile and
 * capability negotiation, the `UCP-Agent` header, RFC 9421 message signatures, RFC 9530 digests.
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { UCP_VERSION } from './ucp-version.ts';
