/**
 * The source of a kept file's rules as written in src/ (not as a build prints it): the named
 * top-level declarations and, transitively, every top-level declaration of src/ they refer to
 * (helpers, constants, word lists; from a type, the types it is made of), followed through
 * relative imports and re-exports. A function's parameter and return types are not followed: the
 * shape of what is kept is named among the roots. Each is printed without comments or layout, so a reformatted or commented
 * function hashes the same and a changed one does not.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './bundle';

interface ParsedFile {
  source: ts.SourceFile;
  /** Top-level declarations by name (a name declared twice, as overloads or a value and a type, holds both). */
  declarations: Map<string, ts.Node[]>;
  /** Imported or re-exported names: the file they come from and their name there. */
  imports: Map<string, { file: string; name: string }>;
  /** `export * from './x'`: the files searched for a name not declared here. */
  starExports: string[];
}

const parsed = new Map<string, ParsedFile>();
const printer = ts.createPrinter({ removeComments: true });

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = join(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts')].find((f) => existsSync(f)) ?? null;
}

function parse(file: string): ParsedFile {
  const known = parsed.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const declarations = new Map<string, ts.Node[]>();
  const imports = new Map<string, { file: string; name: string }>();
  const starExports: string[] = [];
  const declare = (name: string, node: ts.Node) => declarations.set(name, [...(declarations.get(name) ?? []), node]);
  for (const statement of source.statements) {
    if (
      ts.isFunctionDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement)
    ) {
      if (statement.name) declare(statement.name.text, statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) declare(d.name.text, statement);
    } else if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const from = resolveModule(file, statement.moduleSpecifier.text);
      const bindings = statement.importClause?.namedBindings;
      if (from && bindings && ts.isNamedImports(bindings))
        for (const e of bindings.elements) imports.set(e.name.text, { file: from, name: (e.propertyName ?? e.name).text });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const from = resolveModule(file, statement.moduleSpecifier.text);
      if (!from) continue;
      if (!statement.exportClause) starExports.push(from);
      else if (ts.isNamedExports(statement.exportClause))
        for (const e of statement.exportClause.elements) imports.set(e.name.text, { file: from, name: (e.propertyName ?? e.name).text });
    }
  }
  const result = { source, declarations, imports, starExports };
  parsed.set(file, result);
  return result;
}

/** Where `name`, as `file` sees it, is declared: the file and the declarations; null outside src/ (a package, a global). */
function declarationOf(file: string, name: string, seen = new Set<string>()): { file: string; nodes: ts.Node[] } | null {
  const key = `${file}#${name}`;
  if (seen.has(key)) return null;
  seen.add(key);
  const f = parse(file);
  const nodes = f.declarations.get(name);
  if (nodes) return { file, nodes };
  const imported = f.imports.get(name);
  if (imported) return declarationOf(imported.file, imported.name, seen);
  for (const star of f.starExports) {
    const found = declarationOf(star, name, seen);
    if (found) return found;
  }
  return null;
}

/** The names `node` uses; in code, the types it is annotated with are not followed (a function's parameter types are not its rules). */
function identifiersIn(node: ts.Node, into: Set<string>, followTypes: boolean): void {
  if (!followTypes && ts.isTypeNode(node)) return;
  if (ts.isIdentifier(node)) into.add(node.text);
  ts.forEachChild(node, (child) => identifiersIn(child, into, followTypes));
}

const isType = (node: ts.Node) => ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node);

/**
 * The rules' source: `roots` maps a file under src/ to the names declared in it that make a kept
 * file. Returns each declaration reached (`file#name`) and a hash of their printed text.
 */
export function rulesSource(roots: Record<string, readonly string[]>): { declarations: string[]; hash: string } {
  const reached = new Map<string, string>();
  const pending: Array<{ file: string; name: string }> = [];
  for (const [file, names] of Object.entries(roots)) for (const name of names) pending.push({ file: join(repoRoot, file), name });
  while (pending.length > 0) {
    const { file, name } = pending.pop()!;
    const found = declarationOf(file, name);
    if (!found) throw new Error(`${relative(repoRoot, file)}: no declaration of ${name} in src/`);
    const key = `${relative(repoRoot, found.file)}#${name}`;
    if (reached.has(key)) continue;
    const { source } = parse(found.file);
    reached.set(key, found.nodes.map((node) => printer.printNode(ts.EmitHint.Unspecified, node, source)).join('\n'));
    const used = new Set<string>();
    for (const node of found.nodes) identifiersIn(node, used, isType(node));
    for (const next of used) if (next !== name && declarationOf(found.file, next)) pending.push({ file: found.file, name: next });
  }
  const declarations = [...reached.keys()].sort();
  const hash = createHash('sha256')
    .update(declarations.map((d) => `${d}\n${reached.get(d)}`).join('\n\n'))
    .digest('hex')
    .slice(0, 16);
  return { declarations, hash };
}
