/** A flavour or variant: English, Thai, and optionally the country it implies (e.g. imported fruit). */
export type Variant = readonly [en: string, th: string, country?: string];
