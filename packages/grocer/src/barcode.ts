/** GS1 check digits for EAN-13 and EAN-8 barcodes. */

/** The check digit of the first 12 (EAN-13) or 7 (EAN-8) digits. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  // Weights alternate 3, 1 starting from the rightmost digit of the body.
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Appends the check digit to a 12-digit (EAN-13) or 7-digit (EAN-8) body. */
export function withCheckDigit(body: string): string {
  return body + String(gtinCheckDigit(body));
}

/** Whether `code` is an EAN-13 or EAN-8 with a correct check digit. */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{13})$/.test(code)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/** GS1 prefixes (three digits) by country of the brand owner. */
export const GS1_PREFIX: Readonly<Record<string, string>> = {
  Thailand: '885',
  Japan: '490',
  'United States': '070',
  'Puerto Rico': '070',
  'United Kingdom': '500',
  France: '300',
  Germany: '400',
  Italy: '800',
  Spain: '840',
  Netherlands: '871',
  Belgium: '540',
  Denmark: '570',
  Sweden: '730',
  Switzerland: '760',
  Ireland: '539',
  Australia: '930',
  'New Zealand': '940',
  'South Korea': '880',
  China: '690',
  Malaysia: '955',
  Indonesia: '899',
  Singapore: '888',
  Philippines: '480',
  Vietnam: '893',
  India: '890',
  Canada: '062',
  Mexico: '750',
  Chile: '780',
  Norway: '700',
  Iceland: '569',
  'South Africa': '600',
};
