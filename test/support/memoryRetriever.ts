/**
 * An in-memory Retriever for unit tests of single nodes: word-overlap scoring over a handful of
 * chunks. Integration tests use the real LanceDB index instead (./realIndex).
 */
import type { DocumentInfo, IndexStats, Retriever, SearchHit, SearchOptions } from '../../src/core/index/types';

export interface MemoryChunk {
  path: string;
  text: string;
  page?: number;
  lines?: [number, number];
  heading?: string;
}

export function memoryRetriever(chunks: MemoryChunk[]): Retriever & { queries: Array<{ query: string; options?: SearchOptions }> } {
  const hits: SearchHit[] = chunks.map((c, i) => ({
    id: `${c.path}#${i}`,
    path: c.path,
    pageStart: c.page ?? null,
    pageEnd: c.page ?? null,
    lineStart: c.lines?.[0] ?? null,
    lineEnd: c.lines?.[1] ?? null,
    heading: c.heading ?? null,
    text: c.text,
    score: 0,
  }));
  const words = (s: string) => new Set(s.toLowerCase().match(/[a-z0-9_]{2,}/g) ?? []);
  const queries: Array<{ query: string; options?: SearchOptions }> = [];
  return {
    queries,
    async search(query, options) {
      queries.push({ query, ...(options ? { options } : {}) });
      const q = words(query);
      return hits
        .filter((h) => !options?.paths?.length || options.paths.includes(h.path))
        .map((h) => ({ ...h, score: [...words(h.text)].filter((w) => q.has(w)).length }))
        .filter((h) => h.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, options?.k ?? 10);
    },
    async listDocuments(): Promise<DocumentInfo[]> {
      const paths = [...new Set(chunks.map((c) => c.path))];
      return paths.map((path) => ({
        path,
        kind: path.endsWith('.pdf') ? 'pdf' : 'markdown',
        pages: null,
        chunks: chunks.filter((c) => c.path === path).length,
      }));
    },
    async stats(): Promise<IndexStats> {
      return { documents: new Set(chunks.map((c) => c.path)).size, chunks: chunks.length, embeddingModel: null, dimension: null, lastIndexedAt: null };
    },
  };
}
