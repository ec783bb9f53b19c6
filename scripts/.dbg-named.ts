process.env.LANCEDB_LOG ??= 'error';
import { openIndexForQueries } from '../src/core/index';
async function main() {
  const index = await openIndexForQueries('/work/scratch/idx/papers-fts', {}, { root: '/work/corpus/papers' });
  for (const q of process.argv.slice(2)) console.log(q.slice(0, 60), JSON.stringify((await index.retriever.namedPapers!(q)).map((p) => [p.path, p.strength, p.kind])));
  await index.close();
}
main();
