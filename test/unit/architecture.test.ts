import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

// Core must stay runnable without an editor (CLI, tests): only src/extension.ts and src/vscode/** may talk to VS Code.
describe('architecture', () => {
  it('nothing under src/core imports vscode', () => {
    const offenders = sourceFiles(join(__dirname, '../../src/core')).filter((file) =>
      /(from\s+['"]vscode['"])|(require\(\s*['"]vscode['"]\s*\))|(import\(\s*['"]vscode['"]\s*\))/.test(readFileSync(file, 'utf8')),
    );
    assert.deepEqual(offenders, []);
  });
});

const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\(\s*|require\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);

// The citation locator is bundled into the PDF viewer's webview too: no Node, no DOM, nothing
// from outside its folder but the format table and the skipped-word lists, which import nothing.
describe('architecture: src/core/citations', () => {
  it('imports only its own files, the format table and the skipped-word lists', () => {
    const imports = sourceFiles(join(__dirname, '../../src/core/citations')).flatMap(importsOf);
    assert.ok(imports.length > 0);
    assert.deepEqual(
      imports.filter((specifier) => !/^\.\/[\w-]+$/.test(specifier) && specifier !== '../formats' && specifier !== '../text/stopWords'),
      [],
    );
    assert.deepEqual(importsOf(join(__dirname, '../../src/core/formats.ts')), []);
    assert.deepEqual(importsOf(join(__dirname, '../../src/core/text/stopWords.ts')), []);
  });
});
