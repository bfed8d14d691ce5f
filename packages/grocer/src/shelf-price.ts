/** Rounds computed prices to the endings a Thai supermarket shelf shows. */
import type { Satang } from '@grocery/core';

/**
 * A shelf price near `satang`: under ฿20 to the half baht, under ฿100 to the baht, under ฿1,000 to
 * a price ending in 5 or 9 (฿129, ฿135), above that to ฿10 steps ending in 90 or 50.
 */
export function shelfPriceSatang(satang: number): Satang {
  const baht = Math.max(1, satang / 100);
  let rounded: number;
  if (baht < 20) rounded = Math.round(baht * 2) / 2;
  else if (baht < 100) rounded = Math.round(baht);
  else if (baht < 1000) {
    rounded = Math.round(baht / 5) * 5;
    if (rounded % 10 === 0) rounded -= 1;
  } else {
    rounded = Math.round(baht / 50) * 50;
    if (rounded % 100 === 0) rounded -= 10;
  }
  return Math.round(rounded * 100);
}
