/**
 * `npm run api-report`: writes one report per entry point of each published package's `exports`:
 * `api-report.md` for the main entry (`@grocery/core`), `api-report.<subpath>.md` for the others
 * (`@grocery/core/ports` in packages/core/api-report.ports.md). A report prints every exported
 * declaration as the TypeScript declaration emit writes it (comments dropped), so it records
 * signatures, not just names: test/api-report.test.ts fails when a public name or type changes
 * and the report was not rewritten, so a change to a public API is made on purpose.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    .map((name) => ({
      dir: join(root, 'packages', name),
      pkg: JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')) as PackageJson,
    }))
    .filter(({ pkg }) => !pkg.private && pkg.exports);
}

interface EntryPoint {
  /** The import specifier, `@grocery/core/ports`. */
  name: string;
  /** Its source file (the `@grocery/source` condition). */
  file: string;
  /** The report's file name in the package directory. */
  report: string;
}

/** Report file name of an `exports` subpath: `.` → api-report.md, `./ports` → api-report.ports.md. */
function reportFileOf(subpath: string): string {
  return subpath === '.' ? 'api-report.md' : `api-report.${subpath.slice(2).replaceAll('/', '.')}.md`;
}

/** True for the report files of a package directory, written by this script. */
export function isReportFile(fileName: string): boolean {
  return /^api-report(\.[\w.-]+)?\.md$/.test(fileName);
}

/** Entry points (`@grocery/core/http`) and their source files, from `exports`. */
function entryPoints(dir: string, pkg: PackageJson): EntryPoint[] {
  return Object.entries(pkg.exports ?? {})
    .filter(([, target]) => typeof target === 'object' && target['@grocery/source'])
    .map(([subpath, target]) => ({
      name: join(pkg.name, subpath),
      file: join(dir, (target as Record<string, string>)['@grocery/source']!),
      report: reportFileOf(subpath),
    }));
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/** The name a top-level statement declares, or the names for a variable statement. */
function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  const name = (statement as { name?: ts.Node }).name;
  return name && ts.isIdentifier(name) ? [name.text] : [];
}

/**
 * Declaration files by source file: a `.d.ts` as it is, a `.ts` through the declaration emit (the
 * signatures with inferred types written out, bodies and private member types dropped).
 */
function declarationFiles(program: ts.Program): (file: ts.SourceFile) => ts.SourceFile {
  const cache = new Map<string, ts.SourceFile>();
  return (file) => {
    if (file.isDeclarationFile) return file;
    let emitted = cache.get(file.fileName);
    if (!emitted) {
      let text = '';
      const result = program.emit(file, (_name, data) => (text = data), undefined, true);
      if (result.diagnostics.length > 0)
        throw new Error(
          ts.formatDiagnostics(result.diagnostics, {
            ...ts.sys,
            getCanonicalFileName: (f) => f,
            getCurrentDirectory: () => root,
            getNewLine: () => '\n',
          }),
        );
      emitted = ts.createSourceFile(file.fileName.replace(/\.tsx?$/, '.d.ts'), text, ts.ScriptTarget.Latest, true);
      cache.set(file.fileName, emitted);
    }
    return emitted;
  };
}

/** The symbol an export names (through `export { x } from`). */
const aliased = (symbol: ts.Symbol, checker: ts.TypeChecker) =>
  symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

/** The declarations of an exported symbol as printed from its declaration file. */
function signatureOf(
  symbol: ts.Symbol,
  checker: ts.TypeChecker,
  declarationFileOf: (file: ts.SourceFile) => ts.SourceFile,
): string {
  const target = aliased(symbol, checker);
  const printed = new Set<string>();
  for (const file of new Set((target.declarations ?? []).map((declaration) => declaration.getSourceFile()))) {
    const declarations = declarationFileOf(file);
    for (const statement of declarations.statements) {
      if (declaredNames(statement).includes(target.name))
        printed.add(printer.printNode(ts.EmitHint.Unspecified, statement, declarations));
    }
  }
  if (printed.size === 0) throw new Error(`api-report: no declaration found for ${symbol.name}`);
  const text = [...printed].join('\n');
  return target.name === symbol.name ? text : `// exported as ${symbol.name}\n${text}`;
}

interface PublicApi {
  checker: ts.TypeChecker;
  declarationFileOf: (file: ts.SourceFile) => ts.SourceFile;
  packages: { dir: string; pkg: PackageJson; entries: (EntryPoint & { exports: ts.Symbol[] })[] }[];
}

let loaded: PublicApi | undefined;

/** The entry points of the published packages with their exports, from one program over them all. */
function publicApi(): PublicApi {
  if (loaded) return loaded;
  const packages = publishedPackages().map(({ dir, pkg }) => ({ dir, pkg, entries: entryPoints(dir, pkg) }));
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
  const program = ts.createProgram(
    packages.flatMap(({ entries }) => entries.map((entry) => entry.file)),
    {
      ...config.options,
      noEmit: false,
      declaration: true,
      emitDeclarationOnly: true,
      declarationMap: false,
      sourceMap: false,
    },
  );
  const checker = program.getTypeChecker();
  const exportsOf = (file: string) =>
    checker
      .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)!)!)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  loaded = {
    checker,
    declarationFileOf: declarationFiles(program),
    packages: packages.map(({ dir, pkg, entries }) => ({
      dir,
      pkg,
      entries: entries.map((entry) => ({ ...entry, exports: exportsOf(entry.file) })),
    })),
  };
  return loaded;
}

/** The reports of the published packages: report file path → its text. */
export function apiReports(): Map<string, string> {
  const { checker, declarationFileOf, packages } = publicApi();
  const reports = new Map<string, string>();
  for (const { dir, entries } of packages) {
    for (const entry of entries) {
      const lines = [
        `# ${entry.name}: public API`,
        '',
        'Written by `npm run api-report`: every export of the entry point with its declared signature.',
        'test/api-report.test.ts fails when the code and this report differ.',
        '',
        '```ts',
        entry.exports.map((symbol) => signatureOf(symbol, checker, declarationFileOf)).join('\n\n'),
        '```',
        '',
      ];
      reports.set(join(dir, entry.report), lines.join('\n'));
    }
  }
  return reports;
}

/** The names each entry point of a package exports, by import specifier. */
export function entryExports(packageName: string): Map<string, Set<string>> {
  const entries = publicApi().packages.find(({ pkg }) => pkg.name === packageName)?.entries ?? [];
  return new Map(entries.map((entry) => [entry.name, new Set(entry.exports.map((symbol) => symbol.name))]));
}

/** The runtime exports (classes, functions, constants) of a package's entry points that have no doc comment. */
export function undocumentedRuntimeExports(packageName: string): string[] {
  const { checker, packages } = publicApi();
  return packages
    .filter(({ pkg }) => pkg.name === packageName)
    .flatMap(({ entries }) =>
      entries.flatMap((entry) => entry.exports.map((symbol) => ({ entry, symbol, target: aliased(symbol, checker) }))),
    )
    .filter(({ target }) => target.flags & ts.SymbolFlags.Value && target.getDocumentationComment(checker).length === 0)
    .map(({ entry, symbol }) => `${entry.name}: ${symbol.name}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const reports = apiReports();
  for (const { dir } of publishedPackages()) {
    for (const name of readdirSync(dir).filter(isReportFile))
      if (!reports.has(join(dir, name))) rmSync(join(dir, name));
  }
  for (const [file, report] of reports) writeFileSync(file, report);
}
