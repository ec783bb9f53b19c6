/**
 * Times the citation check (src/core/manuscript/check) on one draft, by default draft44 (issue 35's
 * 44-citation draft, written by ./bench-check/draft44.ts to a temp folder):
 *
 * - in process (no `--cli`): the index opened, the draft parsed and checked as the CLI's `check`
 *   does (checkDraft), cold, then the same again warm (the cited papers' passages prepared: what the
 *   editor's next Check Citations costs); the process's start (loading the bundle) is not in it.
 *   `node --require tsx/cjs scripts/bench-check.ts --db DIR --root FOLDER [DRAFT]`
 * - the user's command (`--cli`, once per build): `node CLI check FOLDER DRAFT --db <copy of DIR>`,
 *   a fresh process each, module loading included, `--runs` rounds with the builds alternated:
 *   `npm run bench:check -- --db DIR --root FOLDER --cli dist/cli.js [--cli OTHER/dist/cli.js] [--runs 5] [DRAFT]`
 *
 * Prints wall and CPU (user + system) time, the verdict counts and the load average.
 */
process.env.LANCEDB_LOG ??= 'error';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openIndexForQueries } from '../src/core/index';
import { checkDraft, draftFormatOf, nodeDraftFiles } from '../src/core/manuscript';
import { writeDraft44 } from './bench-check/draft44';
import { timeClis, type TimedCheck } from './bench-check/timeCli';

const { values, positionals } = parseArgs({
  options: {
    db: { type: 'string' },
    root: { type: 'string' },
    cli: { type: 'string', multiple: true },
    runs: { type: 'string', default: '5' },
  },
  allowPositionals: true,
});

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  if (!values.db || !values.root || positionals.length > 1) {
    process.stderr.write('usage: bench-check --db DIR --root FOLDER [--cli CLI.js]... [--runs N] [DRAFT]\n');
    process.exit(2);
  }
  const path = positionals[0] ? resolve(positionals[0]) : writeDraft44();
  process.stdout.write(`bench-check: ${path}; load average ${load()}\n`);
  if (values.cli) await userCommand(values.cli, path, values.db, values.root);
  else await inProcess(path, values.db, values.root);
}

async function inProcess(path: string, db: string, root: string): Promise<void> {
  const text = readFileSync(path, 'utf8');
  for (const round of ['cold', 'warm']) {
    const t0 = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const index = await openIndexForQueries(db, { embedder: null }, { root });
    try {
      const library = await index.papers.current();
      const result = await checkDraft({
        path,
        text,
        format: draftFormatOf(path),
        retriever: index.retriever,
        library,
        libraryRoot: root,
        files: nodeDraftFiles,
      });
      const used = process.cpuUsage(cpu);
      const counts = new Map<string, number>();
      for (const c of result.checks) counts.set(c.verdict, (counts.get(c.verdict) ?? 0) + 1);
      process.stdout.write(
        `${round}: ${result.checks.length} cited keys in ${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(0)} ms wall, ` +
          `${((used.user + used.system) / 1000).toFixed(0)} ms CPU (${[...counts].map(([v, n]) => `${n} ${v}`).join(', ')}); load average ${load()}\n`,
      );
    } finally {
      await index.close();
    }
  }
}

async function userCommand(clis: string[], draft: string, db: string, root: string): Promise<void> {
  const line = (t: TimedCheck) => `${t.wall.toFixed(2)} s wall, ${t.cpu.toFixed(2)} s CPU, ${t.rssMb} MB, exit ${t.code}`;
  const results = await timeClis(clis, { root, draft, db, runs: Number(values.runs) }, (cli, round, t) =>
    process.stdout.write(`${round} ${cli}: ${line(t)}; ${t.summary}; load average ${load()}\n`),
  );
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  for (const [cli, runs] of results) {
    process.stdout.write(
      `${cli}: median ${median(runs.map((t) => t.wall)).toFixed(2)} s wall, ${median(runs.map((t) => t.cpu)).toFixed(2)} s CPU over ${runs.length} runs\n`,
    );
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
