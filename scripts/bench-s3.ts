/**
 * Shared-index benchmark: `npm run bench:s3 -- [<folder>...] [--embed none|local] [--model-dir DIR]
 * [--delay-ms 50] [--refresh 10] [--rounds 3] [--queries FILE]`.
 *
 * Indexes the same documents (the folders given, default the corpus's bash/ and git/, joined
 * under one root by symbolic links) into a local folder and into a local S3-compatible server
 * (s3rver, started here on 127.0.0.1), directly and through a proxy that adds `--delay-ms` to
 * every request (a store across a network). For each it prints the indexing time, search
 * p50/p95 over the question file with a reader open as the CLI opens one (read-only, checking for
 * new versions every `--refresh` seconds), and the store requests per query counted at the proxy;
 * on the delayed store also with `--refresh 0` (a round trip per query), to show what the interval
 * saves. Numbers are printed with the load average, never asserted.
 */
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { indexFolder, openIndexForQueries, type IndexSummary } from '../src/core/index';
import { LocalEmbedder } from '../src/core/index/embed/local';
import { startS3Server } from '../test/support/s3Server';
import { startDelayProxy, type DelayProxy } from '../test/support/delayProxy';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    embed: { type: 'string', default: 'none' },
    'model-dir': { type: 'string', default: resolve(__dirname, '../../shared/models/all-MiniLM-L6-v2') },
    'delay-ms': { type: 'string', default: '50' },
    refresh: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    queries: { type: 'string', default: resolve(__dirname, '../../shared/eval/dev-questions.jsonl') },
  },
});

interface Target {
  name: string;
  location: string;
  proxy: DelayProxy | null;
  refreshSeconds: number | null;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const out = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const folders = (positionals.length ? positionals : ['/work/corpus/bash', '/work/corpus/git']).map((f) => resolve(f));
  const work = await mkdtemp(join(tmpdir(), 'bench-s3-'));
  const root = join(work, 'docs');
  await (await import('node:fs/promises')).mkdir(root);
  for (const folder of folders) await symlink(folder, join(root, basename(folder)));
  const s3 = await startS3Server('bench');
  const direct = await startDelayProxy(s3.url, 0);
  const delayMs = Number(values['delay-ms']);
  const delayed = await startDelayProxy(s3.url, delayMs);
  Object.assign(process.env, s3.env);
  const refresh = Number(values.refresh);
  const targets: Target[] = [
    { name: 'local folder', location: join(work, 'index'), proxy: null, refreshSeconds: null },
    { name: 's3rver on localhost', location: 's3://bench/direct', proxy: direct, refreshSeconds: refresh },
    { name: `s3rver + ${delayMs} ms per request`, location: 's3://bench/delayed', proxy: delayed, refreshSeconds: refresh },
  ];
  const questions = (await readFile(values.queries!, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => String((JSON.parse(l) as { question?: string }).question ?? ''))
    .filter(Boolean);
  out(`bench-s3: ${folders.join(' + ')}, --embed ${values.embed}, ${questions.length} queries x ${values.rounds} rounds, k=10`);
  out(`machine: ${(await import('node:os')).cpus().length} cores, node ${process.version}, load average ${load()} (shared machine)`);
  try {
    for (const target of targets) {
      if (target.proxy) process.env.AWS_ENDPOINT = target.proxy.url;
      target.proxy?.reset();
      const embedder = values.embed === 'local' ? new LocalEmbedder({ modelDir: values['model-dir']! }) : null;
      const summary = await drain(indexFolder({ root, dbDir: target.location, embedder }));
      await embedder?.close();
      const writes = target.proxy ? target.proxy.total() : null;
      out(`\n${target.name} (${target.location})`);
      out(
        `  index: ${summary.files} files, ${summary.pages} pages, ${summary.chunks} chunks in ${summary.seconds.toFixed(2)} s${writes === null ? '' : `, ${writes} store requests`}  [load ${load()}]`,
      );
      for (const seconds of target.refreshSeconds === null ? [null] : [target.refreshSeconds, ...(target.proxy === delayed ? [0] : [])]) {
        const r = await timeSearches(target, seconds, questions);
        const perQuery = r.requests === null ? '' : `, ${(r.requests / r.count).toFixed(1)} store requests per query (${r.byFolder})`;
        out(
          `  search${seconds === null ? '' : ` (refresh ${seconds} s)`}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms over ${r.count}${perQuery}; open ${r.openMs.toFixed(0)} ms  [load ${load()}]`,
        );
      }
    }
  } finally {
    await direct.close();
    await delayed.close();
    await s3.close();
    await rm(work, { recursive: true, force: true });
  }
}

async function timeSearches(target: Target, refreshSeconds: number | null, questions: string[]) {
  let t = performance.now();
  const index = await openIndexForQueries(target.location, { modelDir: values['model-dir']! }, { refreshSeconds });
  const { retriever } = index;
  const openMs = performance.now() - t;
  for (const q of questions.slice(0, 3)) await retriever.search(q, { k: 10 }); // warm up: first queries load the indices
  target.proxy?.reset();
  const times: number[] = [];
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const q of questions) {
      t = performance.now();
      await retriever.search(q, { k: 10 });
      times.push(performance.now() - t);
    }
  }
  const requests = target.proxy ? target.proxy.total() : null;
  const byFolder = target.proxy
    ? Object.entries(target.proxy.byFolder())
        .map(([f, n]) => `${f} ${(n / times.length).toFixed(1)}`)
        .join(', ')
    : '';
  await index.close();
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  return { p50: pct(50), p95: pct(95), count: times.length, requests, byFolder, openMs };
}

async function drain(gen: AsyncGenerator<unknown, IndexSummary>): Promise<IndexSummary> {
  for (;;) {
    const step = await gen.next();
    if (step.done) return step.value;
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench-s3 failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
