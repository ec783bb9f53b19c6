/**
 * A real index for graph integration tests: writes the given files into a temp folder, indexes
 * them with the project's indexer into LanceDB (full-text only unless an embedder is given) and
 * returns the project's retriever on it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { indexFolder } from '../../src/core/index/pipeline/indexer';
import { createRetriever } from '../../src/core/index/search/search';
import { openIndexStore } from '../../src/core/index/store';
import type { Embedder } from '../../src/core/index/embed/embedder';
import type { Retriever } from '../../src/core/index/types';

export interface RealIndex {
  retriever: Retriever;
  root: string;
  close(): void;
}

export async function buildRealIndex(dir: string, files: Record<string, string | Uint8Array>, embedder: Embedder | null = null): Promise<RealIndex> {
  process.env.LANCEDB_LOG ??= 'error';
  const root = join(dir, 'docs');
  await mkdir(root, { recursive: true });
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  const dbDir = join(dir, 'index');
  const run = indexFolder({ root, dbDir, embedder, workers: 1 });
  let step = await run.next();
  while (!step.done) step = await run.next();
  if (step.value.failed.length) throw new Error(`indexing failed: ${JSON.stringify(step.value.failed)}`);
  const store = await openIndexStore(dbDir);
  return { retriever: createRetriever(store, embedder), root, close: () => store.close() };
}
