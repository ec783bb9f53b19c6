import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { withTempDir } from '../../support/tempDir';
import { indexFolder, type IndexFolderOptions } from '../../../src/core/index/pipeline/indexer';
import { openIndexStore } from '../../../src/core/index/store';
import { verifyIndex } from '../../../src/core/index/store/indexFiles';
import { sqlIn } from '../../../src/core/index/sql';
import type { IndexSummary } from '../../../src/core/index/types';

async function run(options: IndexFolderOptions): Promise<IndexSummary> {
  const gen = indexFolder({ workers: 0, ...options });
  for (;;) {
    const step = await gen.next();
    if (step.done) return step.value;
  }
}

/** The chunks table's indices, as LanceDB lists them: `<type> on <column>`. */
async function dropPathIndex(dbDir: string): Promise<void> {
  const db = await lancedb.connect(dbDir);
  try {
    const chunks = await db.openTable('chunks');
    const pathIndex = (await chunks.listIndices()).find((i) => i.columns.includes('path'))!;
    await chunks.dropIndex(pathIndex.name);
  } finally {
    db.close();
  }
}

async function indices(dbDir: string): Promise<string[]> {
  const db = await lancedb.connect(dbDir);
  try {
    const table = await db.openTable('chunks');
    return (await table.listIndices()).map((i) => `${i.indexType} on ${i.columns.join(',')}`).sort();
  } finally {
    db.close();
  }
}

describe("the chunks table's index on path (search filters by it)", () => {
  it('is built by an index run, and an index made without it gets it at its next run, nothing changed', () =>
    withTempDir(async (root) => {
      await writeFile(join(root, 'a.md'), '# Alpha\n\nThe alpha document talks about variance.\n');
      await writeFile(join(root, 'b.md'), '# Beta\n\nThe beta document talks about histograms.\n');
      const dbDir = join(root, '.research-index');
      await run({ root });
      assert.deepEqual(await indices(dbDir), ['BTree on path', 'FTS on text']);

      // An index from before: the same tables without the path index.
      await dropPathIndex(dbDir);
      assert.deepEqual(await indices(dbDir), ['FTS on text']);

      const unchanged = await run({ root });
      assert.deepEqual([unchanged.indexed, unchanged.skipped], [0, 2]);
      assert.deepEqual(await indices(dbDir), ['BTree on path', 'FTS on text']);
      // The new index files are vouched for by the checksums, and filtered queries answer.
      const { report } = await verifyIndex(dbDir);
      assert.deepEqual(report?.mismatches, []);
      const store = await openIndexStore(dbDir);
      try {
        const rows = (await store.table
          .query()
          .where(sqlIn('path', ['b.md']))
          .select(['path'])
          .toArray()) as Array<{ path: string }>;
        assert.deepEqual([...new Set(rows.map((r) => r.path))], ['b.md']);
      } finally {
        store.close();
      }
    }));
});
