/**
 * Pack sizes in English and Thai ("830 ml", "830มล.", "1.5 ลิตร", "10 ฟอง") read as one canonical
 * size term, so that every spelling of a size finds the same products: volumes in ml, weights in
 * g, counts in pcs. "1.5 l" and "1500 ml" are the same term.
 */

/** The unit a size is expressed in after normalisation. */
export type CanonicalUnit =
  | 'ml'
  | 'g'
  | 'mg'
  | 'pcs'
  | 'pack'
  | 'sheet'
  | 'oz'
  | 'bag'
  | 'bottle'
  | 'can'
  | 'box'
  | 'roll'
  | 'tablet'
  | 'capsule'
  | 'bunch'
  | 'tray'
  | 'm';

interface UnitRule {
  unit: CanonicalUnit;
  /** Multiplier into the canonical unit (litres to millilitres: 1000). */
  factor: number;
}

const rule = (unit: CanonicalUnit, factor = 1): UnitRule => ({ unit, factor });

/** Unit spellings after normalisation (lower case, no dots), English and Thai. */
const UNIT_ALIASES: ReadonlyMap<string, UnitRule> = new Map<string, UnitRule>([
  ...['ml', 'mls', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'cc', 'มล', 'มิลลิลิตร', 'ซีซี', 'ซซ'].map(
    (a) => [a, rule('ml')] as const,
  ),
  ...['cl', 'centiliter', 'centilitre'].map((a) => [a, rule('ml', 10)] as const),
  ...['l', 'lt', 'ltr', 'ltrs', 'liter', 'liters', 'litre', 'litres', 'ลิตร', 'ล'].map(
    (a) => [a, rule('ml', 1000)] as const,
  ),
  ...['g', 'gm', 'gms', 'gr', 'grs', 'gram', 'grams', 'gramme', 'grammes', 'กรัม', 'ก', 'กร'].map(
    (a) => [a, rule('g')] as const,
  ),
  ...['kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'กก', 'กิโลกรัม', 'กิโล', 'โล'].map(
    (a) => [a, rule('g', 1000)] as const,
  ),
  ...['mg', 'milligram', 'milligrams', 'มก', 'มิลลิกรัม'].map((a) => [a, rule('mg')] as const),
  ...[
    'pc',
    'pcs',
    'piece',
    'pieces',
    'ea',
    'egg',
    'eggs',
    'fruit',
    'head',
    'heads',
    'ชิ้น',
    'ฟอง',
    'ลูก',
    'อัน',
    'ผล',
    'หัว',
  ].map((a) => [a, rule('pcs')] as const),
  ...['pack', 'packs', 'pk', 'pkt', 'แพ็ค', 'แพค', 'แพ็ก', 'แพก'].map((a) => [a, rule('pack')] as const),
  ...['sheet', 'sheets', 'แผ่น'].map((a) => [a, rule('sheet')] as const),
  ...['oz', 'ออนซ์'].map((a) => [a, rule('oz')] as const),
  ...['bag', 'bags', 'sachet', 'sachets', 'ถุง', 'ซอง'].map((a) => [a, rule('bag')] as const),
  ...['roll', 'rolls', 'ม้วน'].map((a) => [a, rule('roll')] as const),
  ...['tablet', 'tablets', 'tab', 'tabs', 'เม็ด'].map((a) => [a, rule('tablet')] as const),
  ...['capsule', 'capsules', 'caps', 'แคปซูล'].map((a) => [a, rule('capsule')] as const),
  ...['bunch', 'bunches', 'กำ'].map((a) => [a, rule('bunch')] as const),
  ...['tray', 'trays', 'ถาด'].map((a) => [a, rule('tray')] as const),
  ...['m', 'meter', 'meters', 'metre', 'metres', 'ม'].map((a) => [a, rule('m')] as const),
  ...['bottle', 'bottles', 'btl', 'ขวด'].map((a) => [a, rule('bottle')] as const),
  ...['can', 'cans', 'กระป๋อง'].map((a) => [a, rule('can')] as const),
  ...['box', 'boxes', 'กล่อง'].map((a) => [a, rule('box')] as const),
]);

/** Multipack markers between a count and a size: "6 x 330 ml", "6×330ml" (× folds to x). */
const MULTIPLY = new Set(['x']);

/** Longest number accepted as a size amount; longer digit strings are codes, not sizes. */
const MAX_AMOUNT_DIGITS = 7;

/** The canonical rule for a unit spelling, or undefined. */
export function unitRule(word: string): UnitRule | undefined {
  return UNIT_ALIASES.get(word);
}

export function isMultiplySign(word: string): boolean {
  return MULTIPLY.has(word);
}

/** True when `text` reads as a decimal amount such as "830" or "1.5". */
export function isAmount(text: string): boolean {
  if (text.length === 0 || text.length > MAX_AMOUNT_DIGITS + 4) return false;
  let dots = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2e) dots++;
    else if (code >= 0x30 && code <= 0x39) digits++;
    else return false;
  }
  return (
    dots <= 1 && digits <= MAX_AMOUNT_DIGITS && text.charCodeAt(0) !== 0x2e && text.charCodeAt(text.length - 1) !== 0x2e
  );
}

/**
 * The canonical size term for an amount and a unit spelling, or null when `unit` is not a unit.
 *
 * @example
 * sizeTerm('1.5', 'ลิตร') // '1500ml'
 * sizeTerm('830', 'มล')   // '830ml'
 */
export function sizeTerm(amount: string, unit: string): string | null {
  const found = UNIT_ALIASES.get(unit);
  if (found === undefined || !isAmount(amount)) return null;
  const value = Number(amount) * found.factor;
  if (!Number.isFinite(value)) return null;
  return `${formatAmount(value)}${found.unit}`;
}

/** Up to three decimals, no trailing zeros: 1500, 0.25, 2.333. */
function formatAmount(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return String(rounded);
}
