/**
 * @grocery/webhooks: the HTTP side of events to partners, outside core: the webhook sender over
 * node:http(s) and the SSRF guard that it and endpoint registration use.
 * Every export of this file is public API of the package.
 */
export { createHttpWebhookSender, type HttpWebhookSenderOptions } from './http-webhook-sender.ts';
export {
  isAllowedAddress,
  checkUrlSyntax,
  checkResolvedHost,
  checkWebhookUrl,
  guardedLookup,
  systemResolveAll,
  BlockedAddressError,
  type ResolveAll,
} from './ssrf-guard.ts';
