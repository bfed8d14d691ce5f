/** The whole hand-curated vocabulary: the grocer's departments in shelf order. */
import { BAKERY, DAIRY_EGGS_AND_CHILLED, FROZEN_FOOD } from './chilled.ts';
import { BEER_WINE_AND_SPIRITS, BEVERAGES } from './drinks.ts';
import { FISH_AND_SEAFOOD, FRUIT_AND_VEGETABLES, MEAT_AND_POULTRY } from './fresh.ts';
import { BABY_AND_KIDS, HEALTH_AND_BEAUTY, HOUSEHOLD, PET_CARE } from './non-food.ts';
import { COOKING_AND_SAUCES, RICE_NOODLES_AND_DRY_GOODS, SNACKS_AND_CONFECTIONERY } from './pantry.ts';
import type { L1Def } from './types.ts';

export const DEPARTMENTS: readonly L1Def[] = [
  FRUIT_AND_VEGETABLES,
  MEAT_AND_POULTRY,
  FISH_AND_SEAFOOD,
  DAIRY_EGGS_AND_CHILLED,
  BAKERY,
  FROZEN_FOOD,
  RICE_NOODLES_AND_DRY_GOODS,
  COOKING_AND_SAUCES,
  SNACKS_AND_CONFECTIONERY,
  BEVERAGES,
  BEER_WINE_AND_SPIRITS,
  BABY_AND_KIDS,
  HEALTH_AND_BEAUTY,
  HOUSEHOLD,
  PET_CARE,
];

export { BRANDS, type Brand, type BrandId } from './brands.ts';
export { CONCEPT_KEYWORDS } from './concepts.ts';
export { SIZES, UNITS, type SizePoolId, type UnitId } from './sizes.ts';
export { VARIANTS, type VariantPoolId } from './variants.ts';
export type { ConceptTag, KindRow, L1Def, L2Def, L3Def } from './types.ts';
export type { Variant } from './variant.ts';
