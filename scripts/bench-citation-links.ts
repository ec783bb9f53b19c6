/**
 * What opening a PDF costs the viewer's citation links: one session over an indexed folder, then
 * `session.citationLinks(path)` (what the extension asks when a PDF opens in the viewer) for each
 * of its PDFs in turn, timed one by one. Prints the first call, the median, p95 and total, and the
 * links found (so two versions can be checked to agree).
 *
 *   node --require tsx/cjs scripts/bench-citation-links.ts FOLDER --db INDEX_DIR [--rounds N]
 *
 * Read-only: the index is opened for queries only.
 */
process.env.LANCEDB_LOG ??= 'error';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openSession } from '../src/core/session';
import { openIndexForQueries } from '../src/core/index';

const { values, positionals } = parseArgs({ options: { db: { type: 'string' }, rounds: { type: 'string', default: '1' } }, allowPositionals: true });
const root = positionals[0];
if (!root || !values.db) {
  console.error('usage: bench-citation-links.ts FOLDER --db INDEX_DIR [--rounds N]');
  process.exit(2);
}

async function main(): Promise<void> {
  const index = await openIndexForQueries(values.db!, { embedder: null });
  const pdfs = (await index.retriever.listDocuments())
    .filter((d) => d.kind === 'pdf')
    .map((d) => d.path)
    .sort();
  await index.close();
  const session = openSession({
    settings: { model: { kind: 'none' }, ollamaHost: null, limits: {}, chat: { tracing: false }, embedding: { mode: 'none' }, index: {} },
    sources: [{ kind: 'folder', label: 'papers', root: root!, dbDir: values.db! }],
  });
  console.log(`load before ${loadavg()[0]!.toFixed(1)}; ${pdfs.length} PDFs`);
  try {
    for (let round = 1; round <= Number(values.rounds); round++) {
      const times: number[] = [];
      let mentions = 0;
      let linked = 0;
      const cpu = process.cpuUsage();
      for (const path of pdfs) {
        const started = performance.now();
        const links = await session.citationLinks(path);
        times.push(performance.now() - started);
        mentions += links?.mentions.length ?? 0;
        linked += links?.references.filter((r) => r.library).length ?? 0;
      }
      const used = process.cpuUsage(cpu);
      const sorted = [...times].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
      const total = times.reduce((a, b) => a + b, 0);
      console.log(
        `round ${round}: first ${times[0]!.toFixed(0)} ms, median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, total ${(total / 1000).toFixed(2)} s ` +
          `(CPU ${((used.user + used.system) / 1e6).toFixed(2)} s); ${mentions} mentions, ${linked} entries linked`,
      );
    }
  } finally {
    await session.close();
  }
  console.log(`load after ${loadavg()[0]!.toFixed(1)}`);
}

void main();
