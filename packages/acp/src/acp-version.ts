/** The ACP release this package speaks (the `API-Version` every call but discovery sends). */
export const ACP_VERSION = '2026-04-17';

/** Every `API-Version` the shop answers, oldest first (discovery's `supported_versions`). */
export const ACP_SUPPORTED_VERSIONS: readonly string[] = [ACP_VERSION];
