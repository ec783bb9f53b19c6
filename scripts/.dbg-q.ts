process.env.LANCEDB_LOG ??= 'error';
import { openIndexForQueries } from '../src/core/index';
async function main() {
  const index = await openIndexForQueries('/work/scratch/idx/papers-fts', {}, { root: '/work/corpus/papers' });
  for (const q of process.argv.slice(2)) { const hits = await index.retriever.search(q, { mode: 'fts', k: 40 }); console.log(q, hits.length, [...new Set(hits.map((h) => h.path))].join(' | ')); }
  await index.close();
}
main();
