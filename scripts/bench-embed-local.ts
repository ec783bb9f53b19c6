/**
 * Local embedding throughput by worker count, batch size and thread count, on real chunk texts:
 * `npx tsx scripts/bench-embed-local.ts <index-dir> [--model-dir DIR] [--n 64] [--workers 1,2]
 *  [--batches 1,8] [--threads 1] [--precisions fp32,int8] [--rounds 2]`.
 * Configurations run in alternation (A B A B ...) for `--rounds`, so a change in the machine's
 * load hits all of them alike; each line prints the 1-minute load average and the CPU time per
 * chunk summed over all threads (the cost that an idle 2-core machine would divide by 2).
 * With both precisions it also prints how close the int8 vectors are to the fp32 ones (cosine
 * min / mean over the same chunks).
 * Used to pick DEFAULT_LOCAL_BATCH / _THREADS / _WORKERS / _PRECISION in src/core/index/embed/local.ts.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { LOCAL_PRECISIONS, openIndexStore, type LocalPrecision } from '../src/core/index';
import { LocalEmbedder } from '../src/core/index/embed/local';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    // Run from scripts/ with tsx: shared/ sits beside the checkout.
    'model-dir': { type: 'string', default: resolve(__dirname, '../../shared/models/all-MiniLM-L6-v2') },
    n: { type: 'string', default: '64' },
    workers: { type: 'string', default: '1,2' },
    batches: { type: 'string', default: '1' },
    threads: { type: 'string', default: '1' },
    precisions: { type: 'string', default: 'fp32,int8' },
    rounds: { type: 'string', default: '2' },
  },
});

const list = (value: string | undefined) => value!.split(',').map(Number);

async function main(): Promise<void> {
  const store = await openIndexStore(positionals[0]!);
  const rows = (await store.table.query().select(['text']).limit(Number(values.n)).toArray()) as Array<{ text: string }>;
  store.close();
  const texts = rows.map((r) => r.text);
  const chars = texts.reduce((s, t) => s + t.length, 0) / texts.length;
  process.stdout.write(`${texts.length} chunks, mean ${chars.toFixed(0)} chars\n`);
  const precisions = values.precisions!.split(',') as LocalPrecision[];
  if (precisions.some((p) => !LOCAL_PRECISIONS.includes(p))) throw new Error(`--precisions takes ${LOCAL_PRECISIONS.join(',')}`);
  const configs = precisions.flatMap((precision) =>
    list(values.workers).flatMap((workers) =>
      list(values.threads).flatMap((threads) => list(values.batches).map((batchSize) => ({ workers, threads, batchSize, precision }))),
    ),
  );
  const vectorsBy = new Map<LocalPrecision, Float32Array[]>();
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const config of configs) {
      const embedder = new LocalEmbedder({ modelDir: values['model-dir']!, ...config });
      // Load + warm up every session (each worker loads its own model).
      await embedder.embed(texts.slice(0, Math.max(config.batchSize, config.workers) * config.workers));
      const t = performance.now();
      const cpu = process.cpuUsage();
      const vectors = await embedder.embed(texts);
      vectorsBy.set(config.precision, vectors);
      const seconds = (performance.now() - t) / 1000;
      // CPU time of all threads: less sensitive to other jobs on the machine than wall time.
      const { user, system } = process.cpuUsage(cpu);
      const cpuMsPerChunk = (user + system) / 1000 / texts.length;
      const load = loadavg()[0]!.toFixed(2);
      process.stdout.write(
        `round ${round} ${config.precision} workers ${config.workers}${embedder.usesWorkers ? '' : ' (in-thread)'} threads ${config.threads} batch ${config.batchSize}: ` +
          `${(texts.length / seconds).toFixed(1)} chunks/s, ${cpuMsPerChunk.toFixed(1)} CPU ms/chunk (load ${load})\n`,
      );
      await embedder.close();
    }
  }
  const fp32 = vectorsBy.get('fp32');
  const int8 = vectorsBy.get('int8');
  if (fp32 && int8) {
    // Both are L2-normalised: the dot product is the cosine.
    const cosines = fp32.map((a, i) => a.reduce((s, x, j) => s + x * int8[i]![j]!, 0));
    const mean = cosines.reduce((s, c) => s + c, 0) / cosines.length;
    process.stdout.write(`cosine fp32 vs int8 over ${cosines.length} chunks: min ${Math.min(...cosines).toFixed(4)}, mean ${mean.toFixed(4)}\n`);
  }
}

main().catch((e: unknown) => {
  process.stderr.write(String(e) + '\n');
  process.exit(1);
});
