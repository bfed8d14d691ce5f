/**
 * Text a search box meets from careless or hostile users: long, repetitive, mixed-script,
 * control characters, injection attempts. The hostile-input test checks every entry point answers
 * them; bench/search-hostile.bench.ts measures how long they take beside ordinary queries.
 */
export const HOSTILE_QUERIES: Readonly<Record<string, string>> = {
  emoji: '🥛🍞🥚👨‍👩‍👧‍👦🏳️‍🌈',
  combining: 'm\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308i\u0301lk'.repeat(20),
  zalgoThai: 'น' + '\u0e48\u0e49\u0e4a\u0e4b'.repeat(500),
  zeroWidth: '\u200b\u200c\u200d\u2060\ufeff'.repeat(100),
  sql: "milk'; DROP TABLE products; -- OR 1=1 /* */ UNION SELECT * FROM keys",
  regex: '.*(a+)+$ (x|x|x)* [^]] \\ ^$ {1,99999} (?<=a) \\p{L}',
  backtracking: 'a'.repeat(60) + '!',
  nul: 'milk\u0000\u0001\u001f\u007f',
  loneSurrogates: '\ud800milk\udfff\ud83e',
  rtl: 'milk \u202e\u202d\u0645\u0644\u062d',
  bidiThai: '\u202bนม\u202c',
  longLatin: 'chocolate '.repeat(1000),
  longThai: 'นมสดรสจืด'.repeat(2000),
  longDigits: '8'.repeat(10_000),
  longWord: 'x'.repeat(10_000),
  manyTypos: 'chocolat sausagr detergant magnoliya pringels breakfasr diaperz noodels ',
  unitSoup: '1.1.1.1 ml ml ml 999999999999 kg x x x 6x6x6x6',
  saraAmSlips: 'น\u0e4d\u0e49\u0e32'.repeat(300),
  saraESoup: '\u0e40'.repeat(5000),
  marksBeforeVowels: 'ก\u0e48\u0e49\u0e34\u0e4d\u0e32'.repeat(300),
  tonelessLong: 'ขาวหอมมะลินำปลาไขไก'.repeat(200),
  romanisedLong: 'khao pad moo gai nam tan '.repeat(200),
  mixedScripts: 'moo หมู 1ลิตร x6 กก. 🥛 nam ปลา ๖ กระป๋อง '.repeat(40),
  intentFrames: 'things for a newborn what do i need ของใช้ ที่ บ้าน '.repeat(40),
  whitespace: '   \t\n  ',
  punctuation: '!!! ??? ... ,,, ---',
};
