/**
 * `npm run api-report`: writes `api-report.md` in each published package: every entry point of its
 * `exports` with the names and kinds of its public symbols. test/api-report.test.ts fails when a
 * report differs from the code, so a change to a public API is made on purpose.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

interface PackageJson {
  name: string;
  private?: boolean;
  exports?: Record<string, string | Record<string, string>>;
}

/** The packages that are published: those under packages/ that are not private. */
export function publishedPackages(): { dir: string; pkg: PackageJson }[] {
  return readdirSync(join(root, 'packages'))
    .map((name) => ({ dir: join(root, 'packages', name), pkg: JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')) as PackageJson }))
    .filter(({ pkg }) => !pkg.private && pkg.exports);
}

/** Entry points (`@grocery/core/http`) and their source files, from `exports`. */
function entryPoints(dir: string, pkg: PackageJson): { name: string; file: string }[] {
  return Object.entries(pkg.exports ?? {})
    .filter(([, target]) => typeof target === 'object' && target['@grocery/source'])
    .map(([subpath, target]) => ({ name: join(pkg.name, subpath), file: join(dir, (target as Record<string, string>)['@grocery/source']!) }));
}

function kindOf(symbol: ts.Symbol): string {
  const kinds: string[] = [];
  if (symbol.flags & ts.SymbolFlags.Class) kinds.push('class');
  else if (symbol.flags & ts.SymbolFlags.Function) kinds.push('function');
  else if (symbol.flags & ts.SymbolFlags.Variable) kinds.push('const');
  if (symbol.flags & ts.SymbolFlags.Interface) kinds.push('interface');
  if (symbol.flags & ts.SymbolFlags.TypeAlias) kinds.push('type');
  return kinds.join(' & ') || 'other';
}

/** The reports of the published packages, by package directory. */
export function apiReports(): Map<string, string> {
  const packages = publishedPackages().map(({ dir, pkg }) => ({ dir, pkg, entries: entryPoints(dir, pkg) }));
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const program = ts.createProgram(
    packages.flatMap(({ entries }) => entries.map((entry) => entry.file)),
    config.options,
  );
  const checker = program.getTypeChecker();
  const reports = new Map<string, string>();
  for (const { dir, pkg, entries } of packages) {
    const lines = [`# ${pkg.name}: public API`, '', 'Written by `npm run api-report`; test/api-report.test.ts fails when the code and this list differ.', ''];
    for (const entry of entries) {
      const module = checker.getSymbolAtLocation(program.getSourceFile(entry.file)!)!;
      lines.push(`## ${entry.name}`, '');
      for (const symbol of checker.getExportsOfModule(module).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        lines.push(`- ${kindOf(target)} \`${symbol.name}\``);
      }
      lines.push('');
    }
    reports.set(dir, lines.join('\n'));
  }
  return reports;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [dir, report] of apiReports()) writeFileSync(join(dir, 'api-report.md'), report);
}
