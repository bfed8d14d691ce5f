import type { HttpRequest } from './http-types.ts';

/** Server-rendered pages (pay pages, docs) share escaping, language choice, headers and styles. */

export type PageLang = 'en' | 'th';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and quoted attributes. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** `?lang=th|en`, else the first of Accept-Language that we speak, else English. */
export function pickLang(request: HttpRequest): PageLang {
  const asked = request.query.get('lang');
  if (asked === 'th' || asked === 'en') return asked;
  return /^\s*th\b/i.test(request.headers['accept-language'] ?? '') ? 'th' : 'en';
}

/**
 * The HTML document every server-rendered page is made of (pay pages, the guide, the demo shop's
 * shell): language, viewport, title and what each adds to the head; `head` and `body` are HTML the
 * caller has escaped, `title` is text.
 */
export function htmlPage(page: { lang: PageLang; title: string; head?: string; body: string }): string {
  return `<!doctype html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
${page.head ?? ''}
</head>
<body>
${page.body}
</body>
</html>
`;
}

/** Headers for pages that show a bearer credential's content: never cached, never referred, never framed. */
export function pageHeaders(options: { imgSrc?: string; formAction?: readonly string[] } = {}): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: ${options.imgSrc ?? ''}; form-action 'self'${(options.formAction ?? []).map((origin) => ` ${origin}`).join('')}; frame-ancestors 'none'; base-uri 'none'`,
  };
}

export const PAGE_STYLES = `
:root{--ink:#1c2b23;--muted:#5b6b62;--line:#e3e9e5;--brand:#0f7a4a;--brand-ink:#fff;--warn:#9a4b00;--warn-bg:#fff4e5;--ok-bg:#e8f6ee;--bg:#f4f7f5}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Thai","Loma","Garuda",sans-serif}
.card{max-width:560px;margin:24px auto;background:#fff;border:1px solid var(--line);border-radius:16px;padding:24px;box-shadow:0 6px 24px rgba(20,40,30,.06)}
header{display:flex;gap:12px;align-items:center;margin-bottom:16px}
.brand{font-weight:700;color:var(--brand);font-size:18px}
.secure{color:var(--muted);font-size:14px;flex:1}
.lang{font-size:14px;color:var(--brand)}
h1{font-size:22px;margin:8px 0}
h2{font-size:18px;margin:0 0 8px}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:18px}
.sandbox{background:#fff8d6;border:1px solid #f0d96b;color:#5c4a00;border-radius:8px;padding:6px 10px;font-size:14px;margin:0 0 12px}
.notice{background:var(--warn-bg);color:var(--warn);border-radius:8px;padding:8px 12px}
.where{color:var(--muted);margin:0 0 12px}
.lines{list-style:none;margin:0;padding:0;border-top:1px solid var(--line)}
.line{display:flex;gap:12px;align-items:center;padding:10px 0;border-bottom:1px solid var(--line)}
.line img,.noimg{width:48px;height:48px;border-radius:8px;background:#eef3f0;flex:none;object-fit:cover}
.name{flex:1}.name small{display:block;color:var(--muted)}
.amount{font-variant-numeric:tabular-nums;white-space:nowrap}
.totals{display:grid;grid-template-columns:1fr auto;gap:4px 16px;margin:16px 0}
.totals dt{color:var(--muted)}.totals dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.totals .discount{color:var(--brand)}
.totals{column-gap:0}.totals dt,.totals dd{padding:2px 0}.totals dt{padding-right:16px}
.totals .grand{font-weight:700;color:var(--ink);font-size:20px;padding-top:10px;margin-top:6px;border-top:1px solid var(--line)}
.state{border-radius:12px;padding:16px;margin:16px 0}.state.ok{background:var(--ok-bg)}.state.warn{background:var(--warn-bg)}
.button{display:inline-block;border:0;border-radius:10px;padding:12px 18px;font:inherit;font-weight:600;cursor:pointer;text-decoration:none;background:#e6ece8;color:var(--ink)}
.button.primary{background:var(--brand);color:var(--brand-ink);width:100%;font-size:18px}
.button.link{background:none;color:var(--muted);text-decoration:underline;font-weight:400;padding:8px 0}
.button:focus-visible,a:focus-visible{outline:3px solid #f2b705;outline-offset:2px}
.pay{display:flex;flex-direction:column;gap:8px}
.muted{color:var(--muted);font-size:14px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
`;
