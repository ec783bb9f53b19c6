/**
 * draft44, the citation check's timing draft (issue 35: "`check` on a 44-citation draft ≤ 2 s"):
 * the manuscript set's paper.md (test/eval/manuscript/workspace) followed by its own text from
 * "# Robust covariances" on, cut after the line that brings the draft to 44 cited keys. It is
 * written with the set's references.bib beside it (paper.md's `bibliography:`), so its keys resolve
 * as paper.md's do. `node --require tsx/cjs scripts/bench-check/draft44.ts [DIR]` writes
 * DIR/draft44.md (default: a folder under the system's temp folder) and prints its path.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseDraft } from '../../src/core/manuscript/parse/parseDraft';

const WORKSPACE = resolve(__dirname, '../../test/eval/manuscript/workspace');
const REPEATED_FROM = '# Robust covariances';
export const DRAFT44_KEYS = 44;

const citedKeys = (text: string) => parseDraft(text, 'markdown').sentences.reduce((n, s) => n + s.citations.reduce((m, c) => m + c.keys.length, 0), 0);

/** The draft's text: paper.md, then its lines from REPEATED_FROM on until DRAFT44_KEYS keys are cited. */
export function draft44Text(): string {
  const paper = readFileSync(join(WORKSPACE, 'paper.md'), 'utf8');
  const from = paper.indexOf(`\n${REPEATED_FROM}\n`);
  if (from < 0) throw new Error(`paper.md has no '${REPEATED_FROM}' heading`);
  const repeated = paper.slice(from + 1).split('\n');
  let text = paper.endsWith('\n') ? `${paper}\n` : `${paper}\n\n`;
  for (const line of repeated) {
    text += `${line}\n`;
    const keys = citedKeys(text);
    if (keys === DRAFT44_KEYS) return text;
    if (keys > DRAFT44_KEYS) break;
  }
  throw new Error(`paper.md's text from '${REPEATED_FROM}' on does not bring it to exactly ${DRAFT44_KEYS} cited keys`);
}

/** Writes draft44.md and the bib it names into dir; returns the draft's path. */
export function writeDraft44(dir = join(tmpdir(), 'bench-check')): string {
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(WORKSPACE, 'references.bib'), join(dir, 'references.bib'));
  const path = join(dir, 'draft44.md');
  writeFileSync(path, draft44Text());
  return path;
}

if (require.main === module) process.stdout.write(`${writeDraft44(process.argv[2] ? resolve(process.argv[2]) : undefined)}\n`);
