/**
 * Times the citation check (src/core/manuscript/check) on one draft, in process, cold: the index
 * opened, the draft parsed and checked as the CLI's `check` does (checkDraft), then the same
 * again warm (the cited papers' passages prepared). `node --require tsx/cjs scripts/bench-check.ts
 * --db DIR --root FOLDER DRAFT`. Prints wall and CPU milliseconds and the verdict counts; the CLI's
 * own start (loading the bundle) is not in it: `/usr/bin/time node dist/cli.js check …` measures that.
 */
process.env.LANCEDB_LOG ??= 'error';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openIndexForQueries } from '../src/core/index';
import { checkDraft, draftFormatOf, nodeDraftFiles } from '../src/core/manuscript';

const { values, positionals } = parseArgs({ options: { db: { type: 'string' }, root: { type: 'string' } }, allowPositionals: true });

async function main(): Promise<void> {
  const [draftArg] = positionals;
  if (!values.db || !values.root || !draftArg) {
    process.stderr.write('usage: bench-check --db DIR --root FOLDER DRAFT\n');
    process.exit(2);
  }
  const path = resolve(draftArg);
  const text = readFileSync(path, 'utf8');
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  process.stdout.write(`bench-check: ${path}; load average ${load()}\n`);
  for (const round of ['cold', 'warm']) {
    const t0 = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const index = await openIndexForQueries(values.db, { embedder: null }, { root: values.root });
    try {
      const library = await index.papers.current();
      const result = await checkDraft({
        path,
        text,
        format: draftFormatOf(path),
        retriever: index.retriever,
        library,
        libraryRoot: values.root,
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

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
