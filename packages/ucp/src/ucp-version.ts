/** The UCP release this package speaks, as profiles and the `ucp` envelope write it: `'2026-04-08'`. */
export const UCP_VERSION = '2026-04-08';
