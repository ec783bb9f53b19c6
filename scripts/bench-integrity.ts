/**
 * Integrity benchmark: `npm run bench:integrity -- <index folder> [--runs N]`.
 * On an existing index (e.g. one made by `node dist/cli.js index <folder> --embed none --db DIR`)
 * it times what store/checksums.ts costs: the size check every open runs (`quickCheck`), a whole
 * open with it, `status --verify`'s full hash, re-recording after a run that changed nothing
 * (hashes reused) and the first recording of an index made before checksums (every file hashed
 * and every row read). The index is not changed. Numbers are printed, never asserted.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { openIndexStore } from '../src/core/index';
import { readMeta } from '../src/core/index/store/meta';
import { quickCheck, recordChecksums, verifyChecksums } from '../src/core/index/store/checksums';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '20' } } });

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms (${sorted.length} runs)`;
}

async function main(): Promise<void> {
  const dir = resolve(positionals[0] ?? '');
  const runs = Number(values.runs);
  const meta = await readMeta(dir);
  if (!meta?.checksums) throw new Error(`${dir}: no recorded checksums (run \`index\` on it once)`);
  const checksums = meta.checksums;
  const files = Object.values(checksums.files);
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  const store = await openIndexStore(dir);
  const chunks = await store.countChunks();
  const documents = await store.documents();
  store.close();
  console.log(
    `index ${dir}: ${documents.length} documents, ${documents.reduce((s, d) => s + (d.pages ?? 0), 0)} pages, ${chunks} chunks; ${files.length} recorded files, ${(bytes / 1e6).toFixed(1)} MB`,
  );

  const quick: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { ms, value } = await timed(() => quickCheck(dir, checksums));
    if (value) throw new Error(`damaged: ${value.path}`);
    quick.push(ms);
  }
  console.log(`size check at open (quickCheck): ${summary(quick)}`);

  const opens: number[] = [];
  for (let i = 0; i < Math.min(runs, 10); i++) opens.push((await timed(async () => (await openIndexStore(dir)).close())).ms);
  console.log(`whole open (meta, size check, LanceDB open, health read): ${summary(opens)}`);

  const verify = await timed(() => verifyChecksums(dir, checksums));
  console.log(
    `full verify (status --verify): ${verify.ms.toFixed(0)} ms for ${(verify.value.bytes / 1e6).toFixed(1)} MB, ${verify.value.mismatches.length} mismatches`,
  );

  const reuse = await timed(() => recordChecksums(dir, checksums));
  console.log(`re-record after a run that changed nothing (hashes reused): ${reuse.ms.toFixed(1)} ms`);
  const fresh = await timed(() => recordChecksums(dir, null));
  console.log(`first record, every file hashed: ${fresh.ms.toFixed(0)} ms`);
  const scan = await timed(async () => {
    const s = await openIndexStore(dir);
    try {
      for await (const batch of s.table.query()) void batch;
    } finally {
      s.close();
    }
  });
  console.log(`reading every chunk row once (the first record's scan of a pre-checksum index): ${scan.ms.toFixed(0)} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
