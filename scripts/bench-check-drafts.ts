/**
 * What `check` costs on hostile drafts: `npm run bench:check-drafts [-- --cases md-300k,… --cli OTHER/dist/cli.js]`
 * (builds dist/ first: the bundle is what is timed; `--cli` times another build on the same drafts).
 *
 * Indexes a one-note folder (full-text) once, then for each draft (written to a temp folder) runs
 * `check <folder> <draft>` under /usr/bin/time: wall seconds, CPU seconds (user + system), peak
 * RSS, exit code, and the bytes and lines of stderr (the warnings). The machine's load average is
 * printed before and after. Numbers are printed, never asserted.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';

const { values } = parseArgs({
  options: { cases: { type: 'string' }, cli: { type: 'string', default: 'dist/cli.js' }, timeout: { type: 'string', default: '600' } },
});
const cli = resolve(values.cli!);

const repeated = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length));
const KB = 1000;
const MB = 1000 * KB;

const CASES: Record<string, { label: string; file: string; text: () => string }> = {
  'md-300k': { label: '`[@a ` repeated, 300 KB', file: 'draft.md', text: () => repeated('[@a ', 300 * KB) },
  'md-1m': { label: '`[@a ` repeated, 1 MB', file: 'draft.md', text: () => repeated('[@a ', MB) },
  'md-nested-1m': {
    label: 'brackets nested 1,000 deep around `@a`, 1 MB',
    file: 'draft.md',
    text: () => repeated(`${'['.repeat(1000)}@a${']'.repeat(1000)} `, MB),
  },
  'md-comment-1m': { label: '`<!-- @a ` repeated, 1 MB', file: 'draft.md', text: () => repeated('<!-- @a ', MB) },
  'md-citations-1m': { label: '`[see @a, p. 3; @b]. ` repeated, 1 MB (100,000 keys)', file: 'draft.md', text: () => repeated('[see @a, p. 3; @b]. ', MB) },
  'tex-cite-300k': { label: '`\\cite{` repeated, 300 KB', file: 'draft.tex', text: () => repeated('\\cite{', 300 * KB) },
  'tex-cite-1m': { label: '`\\cite{` repeated, 1 MB', file: 'draft.tex', text: () => repeated('\\cite{', MB) },
  'tex-nested-1m': {
    label: 'braces nested 1,000 deep in `\\cite{…}`, 1 MB',
    file: 'draft.tex',
    text: () => repeated(`\\cite{${'{'.repeat(1000)}a${'}'.repeat(1000)}} `, MB),
  },
  'tex-lstinline-1m': { label: '`\\lstinline[` repeated, 1 MB', file: 'draft.tex', text: () => repeated('\\lstinline[', MB) },
  'tex-cite-20m': { label: '`\\cite{` repeated, 20 MB', file: 'draft.tex', text: () => repeated('\\cite{', 20 * MB) },
};

interface Timed {
  wall: number;
  cpu: number;
  rssMb: number;
  code: number | string;
  stderrBytes: number;
  stderrLines: number;
}

async function timed(args: string[]): Promise<Timed> {
  const run = await promisify(execFile)('/usr/bin/time', ['-f', 'TIMED %e %U %S %M', process.execPath, cli, ...args], {
    maxBuffer: 1 << 30,
    timeout: Number(values.timeout) * 1000,
  }).catch((error: { code: number | string; stdout: string; stderr: string }) => error);
  const stderr = run.stderr ?? '';
  const [, wall, user, sys, kb] = /TIMED (\S+) (\S+) (\S+) (\S+)\s*$/.exec(stderr) ?? [];
  const lines = stderr.split('\n').filter((l) => l !== '' && !l.startsWith('TIMED') && !l.startsWith('Command exited'));
  return {
    wall: Number(wall),
    cpu: Number(user) + Number(sys),
    rssMb: Math.round(Number(kb) / 1024),
    code: 'code' in run ? run.code : 0,
    stderrBytes: Buffer.byteLength(lines.join('\n')),
    stderrLines: lines.length,
  };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  const chosen = values.cases ? values.cases.split(',').map((c) => c.trim()) : Object.keys(CASES);
  const root = mkdtempSync(join(tmpdir(), 'lra-bench-drafts-'));
  try {
    const docs = join(root, 'docs');
    mkdirSync(docs);
    writeFileSync(join(docs, 'note.md'), '# Note\n\nThe kernel bandwidth is 0.5 in all runs.\n');
    const indexed = await timed(['index', docs, '--embed', 'none']);
    if (indexed.code !== 0) throw new Error('indexing the one-note folder failed');
    console.log(`load average before: ${load()}`);
    console.log('| draft | check: wall (CPU, peak RSS, exit) | warnings (stderr) |');
    console.log('| --- | --- | --- |');
    for (const name of chosen) {
      const draftCase = CASES[name];
      if (!draftCase) throw new Error(`unknown case ${name}; cases: ${Object.keys(CASES).join(', ')}`);
      const draft = join(root, draftCase.file);
      writeFileSync(draft, draftCase.text());
      const t = await timed(['check', docs, draft]);
      console.log(
        `| ${draftCase.label} | ${t.wall.toFixed(2)} s (CPU ${t.cpu.toFixed(2)} s, ${t.rssMb} MB, exit ${t.code}) | ${t.stderrLines} lines, ${t.stderrBytes.toLocaleString('en')} bytes |`,
      );
      rmSync(draft);
    }
    console.log(`load average after: ${load()}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
