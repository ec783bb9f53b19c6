/**
 * Each source's citation graph (its stored reference lists linked to its papers), read once and
 * kept while the index stays as it was: opening a PDF in the viewer asks for its links, and reading
 * every list and record of the source again for each PDF grows with the library. An index run
 * rewrites `index-meta.json`, so its modification time says when the kept graph is stale, whoever
 * ran the index (this process, the CLI, another window); a Session also forgets a source's graph
 * when it indexes or clears it, and every graph when the bib files change (`refreshPapers`). A
 * shared index on an object store has no file to look at: it is read each time.
 *
 * A graph holds the source's documents, records and every reference list, so a session over many
 * large sources would keep them all: at most `maxGraphs` graphs and `maxItems` items (documents,
 * records, reference entries, mentions) are kept, the least recently used let go first. The graph
 * just asked for is always kept, however large: one big library is the case worth keeping.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isObjectStoreUri, META_FILE, type OpenedCitationGraph } from '../index';
import { citationsOf } from './citations';
import type { Source } from './sources';

export interface CitationGraphLimits {
  /** Graphs kept at most (default 4). */
  maxGraphs?: number;
  /** Items (documents, records, bib entries, reference entries, mentions) kept at most over all graphs (default 200,000). */
  maxItems?: number;
}

type ReadGraph = (source: Source, exclude: string[] | undefined) => Promise<OpenedCitationGraph>;

interface Kept {
  stamp: number;
  graph: Promise<OpenedCitationGraph>;
  /** Known once the graph is read; 0 until then. */
  items: number;
}

export class CitationGraphs {
  /** In order of use, the least recent first (a Map iterates in insertion order). */
  private readonly kept = new Map<string, Kept>();
  private readonly maxGraphs: number;
  private readonly maxItems: number;

  constructor(
    private readonly exclude: string[] | undefined,
    limits: CitationGraphLimits = {},
    private readonly read: ReadGraph = citationsOf,
  ) {
    this.maxGraphs = limits.maxGraphs ?? 4;
    this.maxItems = limits.maxItems ?? 200_000;
  }

  /** The source's graph: the kept one while its index is unchanged, else read afresh. Throws as citationsOf does. */
  async of(source: Source): Promise<OpenedCitationGraph> {
    const stamp = await stampOf(source.dbDir);
    if (stamp === null) return this.read(source, this.exclude);
    const known = this.kept.get(source.dbDir);
    this.kept.delete(source.dbDir);
    if (known && known.stamp === stamp) {
      this.kept.set(source.dbDir, known); // now the most recently used
      return known.graph;
    }
    const kept: Kept = { stamp, graph: this.read(source, this.exclude), items: 0 };
    this.kept.set(source.dbDir, kept);
    this.evict(kept);
    kept.graph.then(
      (graph) => {
        kept.items = itemsOf(graph);
        this.evict(kept);
      },
      // A failed read (no index yet, a damaged one) is not kept: the next call tries again.
      () => {
        if (this.kept.get(source.dbDir) === kept) this.kept.delete(source.dbDir);
      },
    );
    return kept.graph;
  }

  /** Lets the least recently used graphs go until the limits hold, never `keep`. */
  private evict(keep: Kept): void {
    let items = [...this.kept.values()].reduce((sum, k) => sum + k.items, 0);
    for (const [dbDir, kept] of this.kept) {
      if (this.kept.size <= this.maxGraphs && items <= this.maxItems) return;
      if (kept === keep) continue;
      this.kept.delete(dbDir);
      items -= kept.items;
    }
  }

  /** Forgets one source's graph (its index is being rewritten or deleted), or every one (the bib files changed). */
  forget(dbDir?: string): void {
    if (dbDir === undefined) this.kept.clear();
    else this.kept.delete(dbDir);
  }
}

function itemsOf({ library, documents, stored }: OpenedCitationGraph): number {
  let items = documents.length + library.records.size + library.entries.length;
  for (const references of stored.values()) items += references.entries.length + references.mentions.length;
  return items;
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
