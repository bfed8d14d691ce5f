/**
 * Generated product images: a deterministic SVG card in the department's colours, with a simple
 * glyph for the department, the brand, the short English and Thai names and the pack size. Text is
 * set in a font stack with Thai faces so that Thai renders in browsers.
 */
import type { Product, ProductImage } from '@grocery/core';
import { hashString } from './random.ts';

interface DepartmentStyle {
  background: string;
  accent: string;
  /** SVG elements drawn in a 120×120 box, using `currentColor`. */
  glyph: string;
}

const STYLES: Readonly<Record<string, DepartmentStyle>> = {
  '10': {
    background: '#e8f5e1',
    accent: '#3f8f2f',
    glyph: '<circle cx="60" cy="70" r="36"/><path d="M60 34c0-14 10-24 26-26-2 16-12 26-26 26z"/>',
  },
  '11': {
    background: '#fbe6e4',
    accent: '#b23a2e',
    glyph:
      '<ellipse cx="52" cy="56" rx="34" ry="28"/><rect x="74" y="72" width="12" height="34" rx="6" transform="rotate(-35 80 89)"/><circle cx="95" cy="104" r="9"/>',
  },
  '12': {
    background: '#e2f0fb',
    accent: '#2a6fa8',
    glyph:
      '<ellipse cx="54" cy="60" rx="38" ry="22"/><path d="M88 60l26-20v40z"/><circle cx="34" cy="55" r="5" fill="#fff"/>',
  },
  '13': {
    background: '#eef4fb',
    accent: '#3b6ea5',
    glyph: '<path d="M36 40l12-20h24l12 20v66H36z"/><rect x="44" y="58" width="32" height="26" rx="4" fill="#fff"/>',
  },
  '14': {
    background: '#fbf0df',
    accent: '#b5782b',
    glyph:
      '<path d="M18 70c0-26 20-38 42-38s42 12 42 38v22H18z"/><path d="M40 48v40M60 44v44M80 48v40" stroke="#fff" stroke-width="5"/>',
  },
  '15': {
    background: '#e6f6f8',
    accent: '#2f8fa0',
    glyph:
      '<g stroke="currentColor" stroke-width="9" stroke-linecap="round"><path d="M60 18v84M24 39l72 42M24 81l72-42"/></g>',
  },
  '16': {
    background: '#f6f1e4',
    accent: '#8a6d2b',
    glyph: '<path d="M14 58h92c0 26-20 44-46 44S14 84 14 58z"/><ellipse cx="60" cy="56" rx="40" ry="12" fill="#fff"/>',
  },
  '17': {
    background: '#fdeee0',
    accent: '#c0621f',
    glyph:
      '<rect x="48" y="14" width="24" height="18" rx="4"/><path d="M44 32h32l8 22v52H36V54z"/><rect x="42" y="62" width="36" height="26" rx="4" fill="#fff"/>',
  },
  '18': {
    background: '#fdf3d8',
    accent: '#c28a12',
    glyph:
      '<circle cx="60" cy="60" r="40"/><g fill="#fff"><circle cx="44" cy="48" r="6"/><circle cx="72" cy="44" r="5"/><circle cx="66" cy="72" r="6"/><circle cx="42" cy="74" r="4"/></g>',
  },
  '19': {
    background: '#e3f4ee',
    accent: '#24886a',
    glyph:
      '<path d="M32 40h56l-8 68H40z"/><rect x="66" y="10" width="8" height="40" rx="3" transform="rotate(15 70 30)"/>',
  },
  '20': {
    background: '#f4e4ee',
    accent: '#8d2f63',
    glyph:
      '<path d="M34 16h52c0 30-10 46-26 46S34 46 34 16z"/><rect x="56" y="60" width="8" height="34"/><rect x="40" y="94" width="40" height="8" rx="4"/>',
  },
  '21': {
    background: '#fbeaf3',
    accent: '#c0508a',
    glyph:
      '<rect x="42" y="38" width="36" height="68" rx="14"/><path d="M50 38c0-18 20-18 20 0z"/><g stroke="#fff" stroke-width="4"><path d="M50 62h20M50 76h20M50 90h20"/></g>',
  },
  '22': {
    background: '#f1ebfa',
    accent: '#6f4bb3',
    glyph: '<path d="M60 104L20 64c-14-14-4-40 18-40 10 0 18 6 22 14 4-8 12-14 22-14 22 0 32 26 18 40z"/>',
  },
  '23': {
    background: '#e9eef3',
    accent: '#4b6479',
    glyph: '<path d="M60 16l46 40H94v50H26V56H14z"/><rect x="50" y="72" width="20" height="34" fill="#fff"/>',
  },
  '24': {
    background: '#f3ece4',
    accent: '#8a5a33',
    glyph:
      '<ellipse cx="60" cy="80" rx="24" ry="20"/><circle cx="32" cy="52" r="10"/><circle cx="50" cy="36" r="10"/><circle cx="70" cy="36" r="10"/><circle cx="88" cy="52" r="10"/>',
  },
};

const FALLBACK_STYLE: DepartmentStyle = {
  background: '#eeeeee',
  accent: '#555555',
  glyph: '<rect x="24" y="24" width="72" height="72" rx="12"/>',
};
const FONT_STACK = "'Noto Sans Thai', 'Noto Sans', Sarabun, Tahoma, 'Leelawadee UI', Loma, Garuda, sans-serif";

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

const graphemes = new Intl.Segmenter('th', { granularity: 'grapheme' });

/** Splits text into at most `maxLines` lines of about `width` characters (graphemes), with an ellipsis when cut. */
function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if ([...graphemes.segment(candidate)].length <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]}…`;
  }
  return lines.map((l) => {
    const parts = [...graphemes.segment(l)].map((s) => s.segment);
    return parts.length > width + 1 ? `${parts.slice(0, width).join('')}…` : l;
  });
}

function stripAffixes(name: string, brand: string | null, size: RegExp): string {
  let short = brand && name.startsWith(`${brand} `) ? name.slice(brand.length + 1) : name;
  short = short.replace(size, '');
  return short.trim() || name;
}

/** The SVG card of a product, as text. */
export function renderProductSvg(product: Product): string {
  const style = STYLES[product.grocerCategoryCodes[0]] ?? FALLBACK_STYLE;
  const sizePattern = /\s[\d.]+\s\S+(\sx\s\d+)?$/;
  const titleEn = wrapText(stripAffixes(product.nameEn, product.brandEn, sizePattern), 24, 2);
  const titleTh = wrapText(stripAffixes(product.nameTh, product.brandTh, sizePattern), 22, 2);
  // A small, stable tilt of the glyph makes neighbouring cards look less identical.
  const tilt = (hashString(product.cprcode) % 17) - 8;
  const text = (x: number, y: number, size: number, weight: number, fill: string, content: string) =>
    `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${escapeXml(content)}</text>`;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(product.nameEn)}" font-family="${FONT_STACK}">`,
    `<rect width="400" height="400" rx="28" fill="${style.background}"/>`,
    `<rect x="14" y="14" width="372" height="372" rx="22" fill="none" stroke="${style.accent}" stroke-opacity="0.25" stroke-width="3"/>`,
    `<g transform="translate(140 34) rotate(${tilt} 60 60)" fill="${style.accent}" color="${style.accent}">${style.glyph}</g>`,
  ];
  let y = 190;
  if (product.brandEn) {
    parts.push(text(200, y, 20, 700, style.accent, product.brandEn.toUpperCase()));
    y += 34;
  }
  for (const line of titleEn) {
    parts.push(text(200, y, 24, 700, '#222222', line));
    y += 30;
  }
  y += 4;
  for (const line of titleTh) {
    parts.push(text(200, y, 22, 500, '#333333', line));
    y += 30;
  }
  if (product.sizeDesc)
    parts.push(
      `<rect x="140" y="346" width="120" height="32" rx="16" fill="${style.accent}"/>`,
      text(200, 368, 17, 700, '#ffffff', product.sizeDesc),
    );
  parts.push('</svg>');
  return parts.join('');
}

/** The product's image as core's `ProductImage`. */
export function renderProductImage(product: Product): ProductImage {
  return { contentType: 'image/svg+xml; charset=utf-8', body: new TextEncoder().encode(renderProductSvg(product)) };
}
