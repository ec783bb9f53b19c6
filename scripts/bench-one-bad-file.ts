/**
 * One bad file beside a note, indexed by a build of the CLI: its exit code, wall time and peak RSS
 * (the process's VmHWM, threads included), each case killed at the time limit. Run it once with
 * this checkout's build and once with an older build (`--cli`) for the before/after table.
 *
 *   node --require tsx/cjs scripts/bench-one-bad-file.ts [--cli PATH/dist/cli.js] [--limit-s 60] [--only docx-paragraphs,…]
 *
 * Prints one line per case; asserts nothing. Run it alone: a bomb uses both cores.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { makeDocxBomb } from '../test/support/docxBombs';
import { deepHtml, unclosedHtml } from '../test/support/htmlBombs';
import { flatPdf, giantImagePdf, pageTreeFanOutPdf } from '../test/support/pdfBombs';
import { runCliMeasured } from '../test/support/peakRss';
import { makeSymlinkTraps } from '../test/support/symlinkTraps';

const NOTE = '# Field notes\n\nThe other document talks about zebra migrations.\n';

/** Each case writes its folder under `base` and returns the folder to index. */
const CASES: Record<string, (base: string) => Promise<string>> = {
  'docx-paragraphs': (base) => beside(base, 'bomb.docx', makeDocxBomb({ shape: 'paragraphs' })),
  'docx-one-paragraph': (base) => beside(base, 'one.docx', makeDocxBomb({ shape: 'one-paragraph' })),
  'docx-lying-header': (base) => beside(base, 'liar.docx', makeDocxBomb({ shape: 'paragraphs', declaredSize: 1024 })),
  'html-deep-320k': (base) => beside(base, 'deep.html', deepHtml(320_000)),
  'html-unclosed-18mb': (base) => beside(base, 'unclosed.html', unclosedHtml(3_000_000)),
  'pdf-fan-out-1e9': (base) => beside(base, 'fanout.pdf', pageTreeFanOutPdf()),
  'pdf-flat-100k': (base) => beside(base, 'flat.pdf', flatPdf(100_000)),
  'pdf-scan-30000px': (base) => beside(base, 'giant.pdf', giantImagePdf()),
  'pdf-scan-8000px-on-200000pt': (base) => beside(base, 'poster.pdf', giantImagePdf({ width: 8000, height: 8000, pageSize: 200_000 })),
  'symlinks-out': async (base) => (await makeSymlinkTraps(base)).root,
};

async function beside(base: string, name: string, bytes: Uint8Array | string): Promise<string> {
  const docs = join(base, 'docs');
  await mkdir(docs, { recursive: true });
  await writeFile(join(docs, 'notes.md'), NOTE);
  await writeFile(join(docs, name), bytes);
  return docs;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { cli: { type: 'string' }, 'limit-s': { type: 'string', default: '60' }, only: { type: 'string' } } });
  const cli = values.cli ? resolve(values.cli) : undefined;
  const limitMs = Number(values['limit-s']) * 1000;
  const only = values.only?.split(',');
  console.log(`cli: ${cli ?? 'dist/cli.js (this checkout)'}; time limit ${limitMs / 1000} s; load ${loadavg()[0]!.toFixed(2)}`);
  for (const [name, make] of Object.entries(CASES)) {
    if (only && !only.includes(name)) continue;
    const base = await mkdtemp(join(tmpdir(), 'bench-bad-file-'));
    try {
      const docs = await make(base);
      const run = await runCliMeasured(['index', docs, '--embed', 'none'], { cli, timeoutMs: limitMs });
      const ended = run.killed ? `killed at ${limitMs / 1000} s` : `exit ${run.code ?? run.signal}`;
      const indexed = /files: .*/.exec(run.stdout)?.[0] ?? '';
      console.log(
        `${name.padEnd(30)} ${ended.padEnd(16)} ${(run.ms / 1000).toFixed(1).padStart(6)} s ${Math.round(run.peakRssMb).toString().padStart(6)} MB  ${indexed}`,
      );
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  }
}

void main();
