import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(__dirname, '../../..');

/** The contributor's documents whose paths must exist: a newcomer follows them. */
const DOCUMENTS = ['ARCHITECTURE.md', 'CONTRIBUTING.md', 'README.md', 'docs/cli.md'];

/** Top-level folders a code span may name; `dist/` and the like are built, not checked in. */
const GENERATED = new Set(['dist', 'node_modules', '.tools', 'test-artifacts', '.git', '.research-index']);
const topLevel = new Set(readdirSync(root).filter((name) => !GENERATED.has(name)));

/**
 * Every repository path a Markdown text names, each with the path it resolves to: links (relative
 * to the document) and code spans that start with a top-level folder of the repository (relative
 * to the root). Fenced blocks are commands, not references, and are skipped.
 */
function namedPaths(markdown: string, documentDir: string): { named: string; path: string }[] {
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const found: { named: string; path: string }[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(\w+:|#)/.test(target!)) continue;
    const file = target!.replace(/#.*$/, '');
    found.push({ named: target!, path: resolve(documentDir, decodeURIComponent(file)) });
  }
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    const candidate = span!.replace(/^\.\//, '').replace(/(:\d+(-\d+)?|#.*|\/)$/, '');
    if (!/^[\w.-]+(\/[\w.-]+)+$/.test(candidate)) continue;
    if (!topLevel.has(candidate.split('/')[0]!)) continue;
    found.push({ named: span!, path: join(root, candidate) });
  }
  return found;
}

function missingIn(document: string): string[] {
  const file = join(root, document);
  return namedPaths(readFileSync(file, 'utf8'), dirname(file))
    .filter(({ path }) => !existsSync(path))
    .map(({ named }) => `${document}: ${named}`);
}

function sourceFolders(dir: string): string[] {
  return [
    dir,
    ...readdirSync(join(root, dir))
      .filter((name) => statSync(join(root, dir, name)).isDirectory())
      .flatMap((name) => sourceFolders(`${dir}/${name}`)),
  ];
}

describe('docs: the map and the guides name what exists', () => {
  it('finds a wrong path, in a link and in a code span (else the checks below prove nothing)', () => {
    const sample = 'See [the graph](src/core/graph/READ_ME.md) and `src/core/graf/graph.ts`, not `dist/cli.js` or `a/b`.';
    const missing = namedPaths(sample, root)
      .filter(({ path }) => !existsSync(path))
      .map(({ named }) => named);
    assert.deepEqual(missing, ['src/core/graph/READ_ME.md', 'src/core/graf/graph.ts']);
  });

  for (const document of DOCUMENTS) {
    it(`every path ${document} names exists`, () => {
      assert.ok(existsSync(join(root, document)), `${document} is missing`);
      assert.deepEqual(missingIn(document), []);
    });
  }

  it("ARCHITECTURE.md's code map has a line for every folder under src/, linking its README where there is one", () => {
    const map = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
    const lines = map.split('\n');
    const problems: string[] = [];
    for (const folder of sourceFolders('src')) {
      const line = lines.find((l) => l.startsWith(`| \`${folder}\` `));
      if (!line) problems.push(`${folder}: no line in the code map`);
      else if (existsSync(join(root, folder, 'README.md')) && !line.includes(`](${folder}/README.md)`)) problems.push(`${folder}: its README is not linked`);
    }
    assert.deepEqual(problems, []);
  });

  it('README.md stays a short page for contributors (at most 150 lines)', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    assert.ok(lines <= 150, `README.md has ${lines} lines`);
  });

  it('names paths relative to the repository', () => {
    // A guard on the helper: a path is resolved inside the checkout, never above it.
    for (const document of DOCUMENTS) {
      const file = join(root, document);
      if (!existsSync(file)) continue;
      for (const { named, path } of namedPaths(readFileSync(file, 'utf8'), dirname(file))) {
        assert.ok(!relative(root, path).startsWith('..'), `${document}: ${named} points outside the repository`);
      }
    }
  });

  it('every file a folder README under src/ names exists', () => {
    const problems = sourceFolders('src')
      .filter((folder) => existsSync(join(root, folder, 'README.md')))
      .flatMap((folder) => missingInFolderReadme(folder));
    assert.deepEqual(problems, []);
  });

  it('finds a folder README naming a file that is gone (else the check above proves nothing)', () => {
    assert.deepEqual(missingInFolderReadme('src/core/llm', 'Hosts: `host.ts`, `resolveHost.ts`, `src/core/llm/pull.ts`, `../index/embed/ollama.ts`.'), [
      'src/core/llm/README.md: resolveHost.ts',
    ]);
  });
});

/**
 * Source files a folder README names in code spans (`x.ts`, `sub/x.ts`, `../sibling/x.ts`,
 * `src/…`), missing. READMEs name files the way their sections read: by name inside the folder
 * or one of its subfolders, relative to an enclosing folder, from the root, or a test by its name.
 */
function missingInFolderReadme(folder: string, text = readFileSync(join(root, folder, 'README.md'), 'utf8')): string[] {
  const bases = [...sourceFolders(folder), ...sourceFolders('test')];
  for (let dir = folder; dir !== '.'; dir = dirname(dir)) bases.push(dir);
  bases.push('.');
  const spans = [...text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/`([^`\n]+)`/g)].map(([, span]) => span!);
  return spans
    .filter((span) => /^(\.\.\/)*[\w.-]+(\/[\w.-]+)*\.(ts|mjs|cjs|md)$/.test(span))
    .filter((span) => !bases.some((base) => existsSync(join(root, base, span))))
    .map((span) => `${folder}/README.md: ${span}`);
}
