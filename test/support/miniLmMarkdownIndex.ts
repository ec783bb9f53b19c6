/**
 * A real index of Markdown texts with real all-MiniLM-L6-v2 vectors, written straight into LanceDB
 * (chunked as the indexer chunks Markdown, without the indexer's paper and library passes), for the
 * hybrid search rules whose cause is the vector list: the store and embedder are closed after `use`.
 */
import { join } from 'node:path';
import { chunkDocument } from '../../src/core/index/pipeline/chunk';
import { LocalEmbedder } from '../../src/core/index/embed/local';
import { openIndexStore } from '../../src/core/index/store';
import type { IndexStore } from '../../src/core/index/store/indexStore';
import { withTempDir } from './tempDir';
import { MINILM_DIR } from './shared';

export async function withMiniLmMarkdownIndex(docs: Record<string, string>, use: (store: IndexStore, embedder: LocalEmbedder) => Promise<void>): Promise<void> {
  const embedder = new LocalEmbedder({ modelDir: MINILM_DIR });
  try {
    await withTempDir(async (dir) => {
      const store = await openIndexStore(join(dir, 'idx'), { create: true });
      try {
        await store.configureEmbedding(embedder.id, await embedder.probe(), embedder.modelDir);
        for (const [path, body] of Object.entries(docs)) {
          const chunks = chunkDocument({ path, kind: 'markdown', pages: [body], warnings: [] });
          const document = { path, kind: 'markdown' as const, size: 1, mtimeMs: 1, contentHash: path, pages: null, warnings: [] };
          await store.replaceDocument({ document, chunks, vectors: await embedder.embed(chunks.map((c) => c.text)) });
        }
        await store.optimize();
        await use(store, embedder);
      } finally {
        store.close();
      }
    });
  } finally {
    await embedder.close();
  }
}
