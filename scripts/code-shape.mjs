// Prints the shape of the code, to compare before and after a restructuring:
//   - imports from the hosts (src/cli, src/vscode, src/extension.ts, scripts) into src/core/index,
//     as distinct imported symbols and distinct files (a barrel re-exporting everything does not
//     lower the symbol count), plus the import statements;
//   - files per folder of src;
//   - the longest functions and class bodies of src (all, and outside src/core/index);
//   - lines over 160 columns.
// Usage: node scripts/code-shape.mjs [--json]
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';

const ts = createRequire(import.meta.url)('typescript');
const root = resolve(new URL('..', import.meta.url).pathname);
const rel = (file) => relative(root, file);

function sourceFiles(dir, exts = ['.ts', '.mjs', '.cjs', '.js']) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (name === 'node_modules' || name === 'fixtures') return [];
    return statSync(full).isDirectory() ? sourceFiles(full, exts) : exts.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

const parse = (file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** The file a relative import names, or null for a package. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return base;
}

const HOSTS = {
  'src/cli': sourceFiles(join(root, 'src/cli')),
  'src/vscode + src/extension.ts': [...sourceFiles(join(root, 'src/vscode')), join(root, 'src/extension.ts')],
  scripts: sourceFiles(join(root, 'scripts')),
};

function hostImportsIntoIndex(hosts = Object.values(HOSTS).flat()) {
  const indexDir = join(root, 'src/core/index') + '/';
  const symbols = new Set();
  const files = new Set();
  let statements = 0;
  for (const host of hosts) {
    const source = parse(host);
    for (const node of source.statements) {
      if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || !node.moduleSpecifier) continue;
      const target = resolveImport(host, node.moduleSpecifier.text);
      if (!target?.startsWith(indexDir)) continue;
      statements += 1;
      files.add(rel(target));
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const names = [];
      if (clause?.name) names.push('default');
      const bindings = clause?.namedBindings ?? (ts.isExportDeclaration(node) ? node.exportClause : undefined);
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)))
        names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text));
      else if (bindings) names.push('*');
      if (names.length === 0) names.push('(side effect)');
      for (const name of names) symbols.add(`${rel(target)}#${name}`);
    }
  }
  return { statements, files: files.size, symbols: symbols.size };
}

function filesPerFolder() {
  const counts = {};
  for (const file of sourceFiles(join(root, 'src'), ['.ts'])) {
    const folder = rel(dirname(file));
    counts[folder] = (counts[folder] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name)
    return parent.name.getText();
  return '(anonymous)';
}

function longest() {
  const found = [];
  for (const file of sourceFiles(join(root, 'src'), ['.ts'])) {
    const source = parse(file);
    const visit = (node) => {
      const isFunction =
        ts.isFunctionDeclaration(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isArrowFunction(node) ||
        ts.isFunctionExpression(node) ||
        ts.isConstructorDeclaration(node);
      const isClass = ts.isClassDeclaration(node);
      if ((isFunction && node.body) || isClass) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        found.push({ lines: end - start + 1, name: `${isClass ? 'class ' : ''}${nameOf(node)}`, file: rel(file), line: start + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  found.sort((a, b) => b.lines - a.lines);
  return { all: found.slice(0, 10), outsideIndex: found.filter((f) => !f.file.startsWith('src/core/index/')).slice(0, 10) };
}

function longLines(limit = 160) {
  const count = (dir) =>
    sourceFiles(join(root, dir)).reduce(
      (n, file) =>
        n +
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((l) => l.length > limit).length,
      0,
    );
  return { src: count('src'), test: count('test'), scripts: count('scripts') };
}

const shape = {
  hostImportsIntoIndex: hostImportsIntoIndex(),
  byHost: Object.fromEntries(Object.entries(HOSTS).map(([host, files]) => [host, hostImportsIntoIndex(files)])),
  filesPerFolder: filesPerFolder(),
  longest: longest(),
  linesOver160: longLines(),
};
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(shape, null, 2));
} else {
  const h = shape.hostImportsIntoIndex;
  console.log(`hosts -> src/core/index: ${h.symbols} distinct symbols from ${h.files} distinct files (${h.statements} import statements)`);
  for (const [host, n] of Object.entries(shape.byHost)) console.log(`  ${host}: ${n.symbols} symbols, ${n.files} files, ${n.statements} statements`);
  console.log('\nfiles per folder (src):');
  for (const [folder, n] of Object.entries(shape.filesPerFolder)) console.log(`  ${String(n).padStart(3)}  ${folder}`);
  const table = (rows) => rows.forEach((f) => console.log(`  ${String(f.lines).padStart(4)}  ${f.name}  ${f.file}:${f.line}`));
  console.log('\nlongest functions and class bodies (lines):');
  table(shape.longest.all);
  console.log('\n... outside src/core/index:');
  table(shape.longest.outsideIndex);
  const l = shape.linesOver160;
  console.log(`\nlines over 160 columns: src ${l.src}, test ${l.test}, scripts ${l.scripts}`);
}
