/**
 * The import graph of src/ (relative imports, `import type` included): no file reaches itself,
 * and no two sibling folders import each other, so each part can be read knowing only the parts
 * below it.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const src = resolve(__dirname, '../../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    const targets = [
      ...text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|require\(\s*['"](\.[^'"]+)['"]\s*\)/g),
    ]
      .map((m) => resolve(dirname(file), (m[1] ?? m[2] ?? m[3])!))
      .map((base) => [base, `${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile()))
      .filter((target): target is string => target !== undefined && target !== file);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Files on a cycle, one list per cycle (Tarjan's strongly connected components of more than one file). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(relative(src, w));
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** `a<>b` for sibling folders (same parent) that import each other. */
function siblingPairs(graph: Map<string, string[]>): string[] {
  const arrows = new Set<string>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const a = relative(src, dirname(file)).split('/');
      const b = relative(src, dirname(target)).split('/');
      let i = 0;
      while (i < a.length && i < b.length && a[i] === b[i]) i++;
      if (i < a.length && i < b.length) arrows.add(`${a.slice(0, i + 1).join('/')}>${b.slice(0, i + 1).join('/')}`);
    }
  }
  return [...arrows]
    .filter((arrow) => {
      const [x, y] = arrow.split('>') as [string, string];
      return x < y && arrows.has(`${y}>${x}`);
    })
    .map((arrow) => arrow.replace('>', '<>'))
    .sort();
}

describe('import graph of src/', () => {
  const graph = importGraph();

  it('has no cycle', () => {
    assert.ok(graph.size > 300);
    assert.deepEqual(cycles(graph), []);
  });

  it('has no two sibling folders importing each other', () => {
    assert.deepEqual(siblingPairs(graph), []);
  });

  it('finds a cycle and a pair (else the checks above prove nothing)', () => {
    const [a, b, c] = ['/s/x/a.ts', '/s/y/b.ts', '/s/x/c.ts'].map((p) => join(src, p));
    const sample = new Map([
      [a!, [b!]],
      [b!, [c!]],
      [c!, [a!]],
    ]);
    assert.equal(cycles(sample).length, 1);
    assert.deepEqual(siblingPairs(sample), ['s/x<>s/y']);
  });
});
