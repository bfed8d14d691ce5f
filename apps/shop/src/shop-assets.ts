import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One built file, served from memory under `/shop/assets/<name>`. */
export interface ShopAsset {
  body: Uint8Array;
  contentType: string;
}

/** The bundle: files by name, and the names of the entry script and stylesheet. */
export interface ShopAssets {
  files: ReadonlyMap<string, ShopAsset>;
  script: string;
  style: string;
}

const SHOP_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Bundles `web/main.tsx` (Preact, TypeScript, and the CSS it imports) with esbuild, in memory.
 * Names carry a content hash, so the files can be cached for ever. Takes a few hundred
 * milliseconds; the handler does it once, on the first request to `/shop`.
 *
 * @example
 * const assets = await buildShopAssets({ production: true });
 */
export async function buildShopAssets(options: { production: boolean }): Promise<ShopAssets> {
  // Loaded on demand: a process that never serves /shop never starts esbuild.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: SHOP_ROOT,
    entryPoints: { app: 'web/main.tsx' },
    tsconfig: join(SHOP_ROOT, 'tsconfig.json'),
    bundle: true,
    write: false,
    outdir: join(SHOP_ROOT, '.assets'),
    entryNames: '[name]-[hash]',
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: options.production,
    sourcemap: options.production ? false : 'linked',
    legalComments: 'eof',
    charset: 'utf8',
    logLevel: 'silent',
  });
  const files = new Map<string, ShopAsset>();
  let script = '';
  let style = '';
  for (const file of result.outputFiles) {
    const name = basename(file.path);
    const extension = name.slice(name.lastIndexOf('.'));
    files.set(name, { body: file.contents, contentType: TYPES[extension] ?? 'application/octet-stream' });
    if (/^app-[\w-]+\.js$/.test(name)) script = name;
    if (/^app-[\w-]+\.css$/.test(name)) style = name;
  }
  if (!script || !style) throw new Error(`The shop bundle is incomplete: ${[...files.keys()].join(', ')}`);
  return { files, script, style };
}
