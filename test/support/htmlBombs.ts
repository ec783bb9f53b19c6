/**
 * HTML that costs a tree-building parser time quadratic in its nesting (test/faults/oneBadFile.test.ts):
 * `deepHtml(320_000)` is `<div>` nested 320,000 deep around one sentence (3.5 MB);
 * `unclosedHtml(100_000)` opens `<b><i>` 100,000 times and closes none (600 KB). Each ends with a
 * sentence after the nest, so a test can see the text past it was read.
 */
import { writeFile } from 'node:fs/promises';

export function deepHtml(depth: number, text = 'The deep page says its words.'): string {
  return `<!doctype html><html><body>${'<div>'.repeat(depth)}<p>${text}</p>${'</div>'.repeat(depth)}<p>After the nest.</p></body></html>`;
}

export function unclosedHtml(pairs: number, text = 'The unclosed page says its words.'): string {
  return `<!doctype html><html><body><p>${text}</p>${'<b><i>'.repeat(pairs)}<p>Inside the nest.</p></body></html>`;
}

export async function writeHtml(path: string, html: string): Promise<string> {
  await writeFile(path, html);
  return path;
}
