/**
 * The session's kept citation graphs (src/core/session/citationGraphs.ts) are bounded: past the
 * number of graphs or of items, the least recently used graph is let go and read again when next
 * asked for; the graph just asked for stays however large. Real index folders (their meta file's
 * time is what keeps a graph current); the reading of a graph is counted, not faked in content.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { META_FILE, type OpenedCitationGraph } from '../../../src/core/index';
import { CitationGraphs } from '../../../src/core/session/citationGraphs';
import type { Source } from '../../../src/core/session/sources';
import { withTempDir } from '../../support/tempDir';

/** A graph of `documents` documents and nothing else. */
function graphOf(documents: number): OpenedCitationGraph {
  return {
    library: { records: new Map(), documents: new Set(), entries: [] },
    documents: Array.from({ length: documents }, (_, i) => ({ path: `d${i}.pdf` })),
    graph: {},
    stored: new Map(),
    complete: true,
  } as unknown as OpenedCitationGraph;
}

async function sources(dir: string, labels: string[]): Promise<Source[]> {
  return Promise.all(
    labels.map(async (label) => {
      const dbDir = join(dir, `${label}-index`);
      await mkdir(dbDir, { recursive: true });
      await writeFile(join(dbDir, META_FILE), '{}');
      return { kind: 'folder' as const, label, root: join(dir, label), dbDir };
    }),
  );
}

/** Kept graphs over `limits`, each source's graph `sizes[label]` documents; `reads` counts the reads per source. */
function counting(limits: ConstructorParameters<typeof CitationGraphs>[1], sizes: Record<string, number> = {}) {
  const reads: Record<string, number> = {};
  const graphs = new CitationGraphs(undefined, limits, async (source) => {
    reads[source.label] = (reads[source.label] ?? 0) + 1;
    return graphOf(sizes[source.label] ?? 1);
  });
  return { graphs, reads };
}

describe('kept citation graphs are bounded', () => {
  it('keeps at most maxGraphs, letting the least recently used go', () =>
    withTempDir(async (dir) => {
      const [a, b, c] = await sources(dir, ['a', 'b', 'c']);
      const { graphs, reads } = counting({ maxGraphs: 2 });
      await graphs.of(a!);
      await graphs.of(b!);
      await graphs.of(a!); // a is now the more recent of the two
      assert.deepEqual(reads, { a: 1, b: 1 });
      await graphs.of(c!); // b goes
      await graphs.of(a!);
      assert.deepEqual(reads, { a: 1, b: 1, c: 1 });
      await graphs.of(b!);
      assert.deepEqual(reads, { a: 1, b: 2, c: 1 }, 'b was read again: it had been let go');
    }));

  it('keeps at most maxItems over all graphs, but always the one just read', () =>
    withTempDir(async (dir) => {
      const [small, other, huge] = await sources(dir, ['small', 'other', 'huge']);
      const { graphs, reads } = counting({ maxGraphs: 10, maxItems: 100 }, { small: 40, other: 40, huge: 500 });
      await graphs.of(small!);
      await graphs.of(other!);
      await graphs.of(small!);
      assert.deepEqual(reads, { small: 1, other: 1 }, 'two graphs of 40 fit in 100 items');
      await graphs.of(huge!); // over the limit alone: the others go, it stays
      await graphs.of(huge!);
      assert.deepEqual(reads, { small: 1, other: 1, huge: 1 });
      await graphs.of(small!);
      await graphs.of(other!);
      assert.deepEqual(reads, { small: 2, other: 2, huge: 1 });
    }));
});
