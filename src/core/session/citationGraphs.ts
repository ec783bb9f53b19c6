/**
 * Each source's citation graph (its stored reference lists linked to its papers), read once and
 * kept while the index stays as it was: opening a PDF in the viewer asks for its links, and reading
 * every list and record of the source again for each PDF grows with the library. An index run
 * rewrites `index-meta.json`, so its modification time says when the kept graph is stale, whoever
 * ran the index (this process, the CLI, another window); a Session also forgets a source's graph
 * when it indexes or clears it, and every graph when the bib files change (`refreshPapers`). A
 * shared index on an object store has no file to look at: it is read each time.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isObjectStoreUri, META_FILE, type OpenedCitationGraph } from '../index';
import { citationsOf } from './citations';
import type { Source } from './sources';

export class CitationGraphs {
  private readonly kept = new Map<string, { stamp: number; graph: Promise<OpenedCitationGraph> }>();

  constructor(private readonly exclude: string[] | undefined) {}

  /** The source's graph: the kept one while its index is unchanged, else read afresh. Throws as citationsOf does. */
  async of(source: Source): Promise<OpenedCitationGraph> {
    const stamp = await stampOf(source.dbDir);
    if (stamp === null) return citationsOf(source, this.exclude);
    const known = this.kept.get(source.dbDir);
    if (known && known.stamp === stamp) return known.graph;
    const graph = citationsOf(source, this.exclude);
    this.kept.set(source.dbDir, { stamp, graph });
    // A failed read (no index yet, a damaged one) is not kept: the next call tries again.
    graph.catch(() => {
      if (this.kept.get(source.dbDir)?.graph === graph) this.kept.delete(source.dbDir);
    });
    return graph;
  }

  /** Forgets one source's graph (its index is being rewritten or deleted), or every one (the bib files changed). */
  forget(dbDir?: string): void {
    if (dbDir === undefined) this.kept.clear();
    else this.kept.delete(dbDir);
  }
}

/** When the index last changed (its meta file's modification time), or null when it cannot tell (an object store, no index yet). */
async function stampOf(dbDir: string): Promise<number | null> {
  if (isObjectStoreUri(dbDir)) return null;
  try {
    return (await stat(join(dbDir, META_FILE))).mtimeMs;
  } catch {
    return null;
  }
}
