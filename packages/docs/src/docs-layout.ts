import { escapeHtml as h, htmlPage } from '@grocery/core/http';
import type { PageHeading } from './markdown-renderer.ts';

/** One entry of the sidebar. */
export interface NavEntry {
  group: string;
  title: string;
  href: string;
  current: boolean;
}

export interface LayoutInput {
  title: string;
  /** Rendered, trusted HTML of the page body (markdown-it escapes everything from the sources). */
  bodyHtml: string;
  headings: readonly PageHeading[];
  nav: readonly NavEntry[];
  previous: { title: string; href: string } | null;
  next: { title: string; href: string } | null;
  /** Absolute URL of the guide's home, `{base_url}/docs`. */
  home: string;
  /** Absolute URL of the page's own markdown. */
  markdownHref: string;
  version: string;
}

/**
 * The HTML around a rendered page: a header, a grouped sidebar, the page with its contents, and
 * previous/next links. No scripts; every value that is not already rendered HTML is escaped.
 */
export function renderLayout(input: LayoutInput): string {
  const groups = new Map<string, NavEntry[]>();
  for (const entry of input.nav) groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry]);
  const sidebar = [...groups]
    .map(
      ([group, entries]) =>
        `<h2>${h(group)}</h2><ul>${entries.map((e) => `<li><a href="${h(e.href)}"${e.current ? ' aria-current="page"' : ''}>${h(e.title)}</a></li>`).join('')}</ul>`,
    )
    .join('\n');
  const contents = input.headings.filter((heading) => heading.level === 2);
  const toc =
    contents.length > 2
      ? `<nav class="toc" aria-label="On this page"><h2>On this page</h2><ul>${contents.map((c) => `<li><a href="#${h(c.id)}">${h(c.text)}</a></li>`).join('')}</ul></nav>`
      : '';
  const pager = [
    input.previous
      ? `<a class="prev" href="${h(input.previous.href)}" rel="prev"><span>Previous</span>${h(input.previous.title)}</a>`
      : '<span></span>',
    input.next
      ? `<a class="next" href="${h(input.next.href)}" rel="next"><span>Next</span>${h(input.next.title)}</a>`
      : '<span></span>',
  ].join('');
  return htmlPage({
    lang: 'en',
    title: `${input.title} · Partner Grocery Commerce API`,
    head: `<link rel="icon" href="data:,">
<style>${DOCS_STYLES}</style>`,
    body: `<a class="skip" href="#content">Skip to the content</a>
<header class="top"><a class="brand" href="${h(input.home)}">Partner Grocery Commerce API</a><span class="version">v${h(input.version)}</span><a class="md" href="${h(input.markdownHref)}">This page as markdown</a><a class="menu" href="#guide-pages">All pages</a></header>
<div class="frame">
<nav class="sidebar" id="guide-pages" aria-label="Guide">${sidebar}</nav>
<main id="content">
${toc}
<article>
${input.bodyHtml}
</article>
<nav class="pager" aria-label="Previous and next page">${pager}</nav>
</main>
</div>`,
  });
}

const DOCS_STYLES = `
:root{--ink:#1b2620;--muted:#55635b;--line:#dfe6e2;--brand:#0b6b40;--bg:#fbfcfb;--code-bg:#f2f5f3;--side:#f3f6f4;--focus:#f2b705}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Thai","Sarabun","Loma","Garuda",sans-serif}
a{color:var(--brand)}
a:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:2}
.top{display:flex;gap:12px;align-items:center;padding:12px 24px;border-bottom:1px solid var(--line);background:#fff;position:sticky;top:0;z-index:1}
.brand{font-weight:700;text-decoration:none;font-size:17px}
.version{color:var(--muted);font-size:13px;border:1px solid var(--line);border-radius:999px;padding:0 8px}
.md{margin-left:auto;font-size:14px}.menu{display:none;font-size:14px}
.frame{display:grid;grid-template-columns:260px minmax(0,1fr);max-width:1280px;margin:0 auto}
.sidebar{padding:16px 16px 48px 24px;border-right:1px solid var(--line);background:var(--side);min-height:calc(100vh - 50px)}
.sidebar h2{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:18px 0 6px}
.sidebar ul{list-style:none;margin:0;padding:0}
.sidebar li a{display:block;padding:3px 8px;border-radius:6px;text-decoration:none;color:var(--ink);font-size:15px}
.sidebar li a:hover{background:#e6ede9}
.sidebar li a[aria-current=page]{background:var(--brand);color:#fff}
main{padding:8px 40px 64px;min-width:0}
article{max-width:860px}
.toc{float:right;width:220px;margin:24px 0 16px 24px;padding:12px 16px;border:1px solid var(--line);border-radius:10px;background:#fff;font-size:14px}
.toc h2{font-size:13px;margin:0 0 6px;border-top:0;padding-top:0;color:var(--muted);text-transform:uppercase;letter-spacing:.05em}
.toc ul{margin:0;padding-left:16px}
h1{font-size:32px;line-height:1.25;margin:28px 0 12px}
h2{font-size:24px;margin:40px 0 10px;padding-top:8px;border-top:1px solid var(--line)}
h3{font-size:19px;margin:28px 0 8px}
h4{font-size:16px;margin:22px 0 6px}
h1 .anchor,h2 .anchor,h3 .anchor,h4 .anchor{margin-left:8px;color:var(--line);text-decoration:none;font-weight:400}
h1:hover .anchor,h2:hover .anchor,h3:hover .anchor,h4:hover .anchor{color:var(--muted)}
p,li{max-width:76ch}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.9em;background:var(--code-bg);border-radius:4px;padding:.1em .3em}
pre.code{position:relative;background:#16201b;color:#e8efe9;border-radius:10px;padding:16px 18px;overflow-x:auto;font-size:14px;line-height:1.5;tab-size:2}
pre.code code{background:none;padding:0;color:inherit;font-size:inherit;white-space:pre}
pre.code[data-lang]::before{content:attr(data-lang);position:absolute;top:4px;right:10px;font:12px system-ui,sans-serif;color:#9fb2a7;user-select:none}
.table-wrap{overflow-x:auto;margin:12px 0 20px}
table{border-collapse:collapse;font-size:14px;line-height:1.45;min-width:60%}
th,td{border:1px solid var(--line);padding:6px 10px;text-align:left;vertical-align:top}
th{background:var(--side)}
:not(pre)>code{overflow-wrap:break-word}
blockquote{margin:16px 0;padding:8px 16px;border-left:4px solid var(--brand);background:#eef5f1}
hr{border:0;border-top:1px solid var(--line);margin:32px 0}
.pager{display:flex;justify-content:space-between;gap:16px;max-width:860px;margin-top:48px;border-top:1px solid var(--line);padding-top:16px}
.pager a{text-decoration:none;display:flex;flex-direction:column;font-weight:600}
.pager a span{font-weight:400;color:var(--muted);font-size:13px}
.pager .next{text-align:right}
@media (max-width:900px){.menu{display:inline;margin-left:auto}.md{display:none}.frame{display:flex;flex-direction:column}.sidebar{order:2;min-height:0;border-right:0;border-top:1px solid var(--line)}.toc{float:none;width:auto;margin:16px 0}main{padding:8px 16px 48px}}
`;
