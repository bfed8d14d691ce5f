/**
 * Delivery fees by straight-line distance from the branch, the free-delivery threshold and the
 * express surcharge. README.md quotes these rules.
 */
import type { Satang } from '@grocery/core';

export interface DeliveryRules {
  /** Fee bands by straight-line distance (km), ascending. */
  bands: readonly { upToKm: number; feeSatang: Satang }[];
  /** Added per started kilometre beyond the last band (up to the branch's radius). */
  perKmBeyondSatang: Satang;
  /** Merchandise total (after all item discounts) from which the regular delivery fee is waived. */
  freeDeliveryThresholdSatang: Satang;
  /** Added for `EXPRESS` delivery; never waived. */
  expressSurchargeSatang: Satang;
  /** `EXPRESS` delivery only within this distance (km). */
  expressMaxKm: number;
}

export const DEFAULT_DELIVERY_RULES: DeliveryRules = {
  bands: [
    { upToKm: 3, feeSatang: 2_900 },
    { upToKm: 7, feeSatang: 4_900 },
    { upToKm: 12, feeSatang: 6_900 },
  ],
  perKmBeyondSatang: 1_000,
  freeDeliveryThresholdSatang: 100_000,
  expressSurchargeSatang: 5_000,
  expressMaxKm: 8,
};

/** The regular delivery fee for a distance, before any waiver. */
export function deliveryFeeSatang(distanceKm: number, rules: DeliveryRules = DEFAULT_DELIVERY_RULES): Satang {
  for (const band of rules.bands) if (distanceKm <= band.upToKm) return band.feeSatang;
  const last = rules.bands.at(-1) ?? { upToKm: 0, feeSatang: 0 };
  return last.feeSatang + Math.ceil(distanceKm - last.upToKm) * rules.perKmBeyondSatang;
}
