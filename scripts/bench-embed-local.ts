/**
 * Local embedding throughput by batch size and thread count, on real chunk texts:
 * `node dist/bench-embed-local.js <index-dir> [--model-dir DIR] [--n 64] [--batches 1,8,16,32] [--threads 1,2]`.
 * Used to pick DEFAULT_LOCAL_BATCH / DEFAULT_LOCAL_THREADS in src/core/index/embed/local.ts.
 */
import { parseArgs } from 'node:util';
import { LocalEmbedder } from '../src/core/index/embed/local';
import { openIndexStore } from '../src/core/index/store';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'model-dir': { type: 'string', default: '/work/shared/models/all-MiniLM-L6-v2' },
    n: { type: 'string', default: '64' },
    batches: { type: 'string', default: '1,8,16,32' },
    threads: { type: 'string', default: '1,2' },
  },
});

async function main(): Promise<void> {
  const store = await openIndexStore(positionals[0]!);
  const rows = (await store.table.query().select(['text']).limit(Number(values.n)).toArray()) as Array<{ text: string }>;
  store.close();
  const texts = rows.map((r) => r.text);
  const chars = texts.reduce((s, t) => s + t.length, 0) / texts.length;
  process.stdout.write(`${texts.length} chunks, mean ${chars.toFixed(0)} chars\n`);
  for (const threads of values.threads!.split(',').map(Number)) {
    for (const batchSize of values.batches!.split(',').map(Number)) {
      const embedder = new LocalEmbedder({ modelDir: values['model-dir']!, batchSize, threads });
      await embedder.embed(texts.slice(0, batchSize)); // load + warm up
      const t = performance.now();
      await embedder.embed(texts);
      const seconds = (performance.now() - t) / 1000;
      process.stdout.write(`threads ${threads} batch ${batchSize}: ${(texts.length / seconds).toFixed(1)} chunks/s\n`);
      await embedder.close();
    }
  }
}

main().catch((e: unknown) => {
  process.stderr.write(String(e) + '\n');
  process.exit(1);
});
