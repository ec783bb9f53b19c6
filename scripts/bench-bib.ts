/**
 * What a bib file beside the papers costs the CLI:
 * `npm run bench:bib [-- --cases lab,utf16,… --cli OTHER/dist/cli.js]` (builds dist/ first: the bundle is
 * what is timed; `--cli` times another build, e.g. main's, on the same bibs).
 *
 * Indexes the test library (three PDFs and a note, full-text) once, then for each bib
 * (test/support/bibFiles.ts: a lab's 20,000 entries, and the pathological ones) writes it as
 * `refs.bib` and runs, with an empty bib cache: `search` (the first read of the bib), `search`
 * again and `papers` (both from the cache). Each run is timed by /usr/bin/time: wall seconds, CPU
 * seconds (user + system) and peak RSS; the stderr lines that name the bib are counted. The
 * machine's load average is printed before and after. Numbers are printed, never asserted.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { hugeFieldBib, manyOpeningsBib, nestedBracesBib, realisticBib, repeatedKeyBib, utf16le } from '../test/support/bibFiles';
import { LIBRARY_BIB, writePaperLibrary } from '../test/support/paperLibrary';

const { values } = parseArgs({ options: { cases: { type: 'string' }, cli: { type: 'string', default: 'dist/cli.js' } } });
const cli = resolve(values.cli!);

const CASES: Record<string, { label: string; bib: () => string | Buffer }> = {
  none: { label: "the library's own (3 entries)", bib: () => LIBRARY_BIB },
  lab: { label: "a lab's 20,000 entries", bib: () => `${LIBRARY_BIB}\n${realisticBib(20_000)}` },
  'repeated-key': { label: 'one key 100,000 times', bib: () => repeatedKeyBib(100_000) },
  'many-openings': { label: '2 million `@a{` lines', bib: () => manyOpeningsBib(2_000_000) },
  'field-30mb': { label: 'one 30 MB field', bib: () => hugeFieldBib(30) },
  'field-40mb': { label: 'one 40 MB field', bib: () => hugeFieldBib(40) },
  'nested-braces': { label: 'a million nested braces', bib: () => nestedBracesBib(1_000_000) },
  utf16: { label: "UTF-16 (the library's bib)", bib: () => utf16le(LIBRARY_BIB) },
};

interface Timed {
  wall: number;
  cpu: number;
  rssMb: number;
  code: number;
  bibLines: number;
  stderrBytes: number;
}

async function timed(args: string[], env: NodeJS.ProcessEnv): Promise<Timed> {
  const run = await promisify(execFile)('/usr/bin/time', ['-f', 'TIMED %e %U %S %M', process.execPath, cli, ...args], {
    env: { ...process.env, ...env },
    maxBuffer: 1 << 30,
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);
  const stderr = run.stderr ?? '';
  const [, wall, user, sys, kb] = /TIMED (\S+) (\S+) (\S+) (\S+)\s*$/.exec(stderr) ?? [];
  const lines = stderr.split('\n').filter((l) => !l.startsWith('TIMED'));
  return {
    wall: Number(wall),
    cpu: Number(user) + Number(sys),
    rssMb: Math.round(Number(kb) / 1024),
    code: 'code' in run && typeof run.code === 'number' ? run.code : 0,
    bibLines: lines.filter((l) => l.includes('refs.bib')).length,
    stderrBytes: lines.join('\n').length,
  };
}

const show = (t: Timed) => `${t.wall.toFixed(2)} s (CPU ${t.cpu.toFixed(2)} s, ${t.rssMb} MB${t.code ? `, exit ${t.code}` : ''})`;

async function main(): Promise<void> {
  const chosen = values.cases ? values.cases.split(',').map((c) => c.trim()) : Object.keys(CASES);
  const root = mkdtempSync(join(tmpdir(), 'lra-bench-bib-'));
  try {
    const docs = join(root, 'docs');
    await writePaperLibrary(docs);
    const indexed = await timed(['index', docs, '--embed', 'none', '--ocr', 'off'], {});
    if (indexed.code !== 0) throw new Error('indexing the test library failed');
    console.log(
      `load average before: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log('| bib | size | search, first read | search, cached | papers, cached | lines naming the bib (first search) |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const name of chosen) {
      const bibCase = CASES[name];
      if (!bibCase) throw new Error(`unknown case ${name}; cases: ${Object.keys(CASES).join(', ')}`);
      const bib = bibCase.bib();
      writeFileSync(join(docs, 'refs.bib'), bib);
      const cache = join(root, `cache-${chosen.indexOf(name)}`);
      const env = { RESEARCH_CACHE_DIR: cache };
      const first = await timed(['search', docs, 'default kernel of gmm'], env);
      const again = await timed(['search', docs, 'default kernel of gmm'], env);
      const papers = await timed(['papers', docs], env);
      const mb = (Buffer.byteLength(bib) / (1 << 20)).toFixed(1);
      console.log(
        `| ${bibCase.label} | ${mb} MB | ${show(first)} | ${show(again)} | ${show(papers)} | ${first.bibLines} (${first.stderrBytes} bytes of stderr) |`,
      );
      rmSync(cache, { recursive: true, force: true });
    }
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
