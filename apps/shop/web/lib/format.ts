import type { Lang } from './i18n.ts';
import type { BranchFieldsFragment, ProductCardFieldsFragment } from '../generated/operations.ts';

const money = new Map<string, Intl.NumberFormat>();

/** An amount the API gave (a price, a quote or order figure) in the shopper's language; never a sum made here. */
export function formatMoney(amount: number, currency: string, lang: Lang): string {
  const key = `${lang}:${currency}`;
  let formatter = money.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(lang === 'th' ? 'th-TH' : 'en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
    });
    money.set(key, formatter);
  }
  return formatter.format(amount);
}

export function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Bangkok',
  }).format(date);
}

export function productName(
  product: Pick<ProductCardFieldsFragment, 'nameEn' | 'nameTh' | 'cprcode'> | null | undefined,
  lang: Lang,
  fallback = '',
): string {
  if (!product) return fallback;
  return (lang === 'th' ? product.nameTh || product.nameEn : product.nameEn || product.nameTh) ?? product.cprcode;
}

export function branchName(
  branch: Pick<BranchFieldsFragment, 'name' | 'nameTh' | 'branchCode'> | null | undefined,
  lang: Lang,
): string {
  if (!branch) return '';
  return (lang === 'th' ? branch.nameTh || branch.name : branch.name || branch.nameTh) ?? branch.branchCode;
}
