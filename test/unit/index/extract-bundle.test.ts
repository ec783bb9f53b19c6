import assert from 'node:assert/strict';
import { join } from 'node:path';
import { repoRoot, runBundled } from '../../support/bundle';
import { writePdf } from '../../support/pdfs';
import { withTempDir } from '../../support/tempDir';

// The extension and the CLI ship as esbuild bundles that start dist/extract-worker.js next to
// themselves. This builds the same layout in a temp folder (with esbuild.mjs's settings) and
// extracts a PDF through it, so a worker that only works from source would fail here.
describe('extraction from an esbuild bundle', () => {
  it('starts the bundled worker next to the bundle and extracts through it', () =>
    withTempDir(async (dir) => {
      const pdf = await writePdf(join(dir, 'doc.pdf'), ['bundled page one', 'bundled page two']);
      const result = await runBundled<{ pages: string[]; pooled: boolean; script: { path?: string; eval: boolean } }>(dir, {
        worker: { in: 'src/core/index/pipeline/extract/worker.ts', out: 'extract-worker' },
        entrySource: `import { createExtractor } from ${JSON.stringify(join(repoRoot, 'src/core/index/pipeline/extract'))};
         import { resolveWorkerScript, WorkerPool } from ${JSON.stringify(join(repoRoot, 'src/core/index/pipeline/extract/pool'))};
         (async () => {
           const extractor = createExtractor({ workers: 2 });
           const file = { path: 'doc.pdf', absPath: ${JSON.stringify(pdf)}, kind: 'pdf' as const, size: 1, mtimeMs: 0 };
           const document = await extractor.extract(file);
           await extractor.close();
           process.stdout.write(JSON.stringify({ pages: document.pages, pooled: extractor instanceof WorkerPool, script: resolveWorkerScript() }));
         })();`,
      });

      assert.deepEqual(result.pages, ['bundled page one', 'bundled page two']);
      assert.equal(result.pooled, true);
      assert.deepEqual(result.script, { path: join(dir, 'dist', 'extract-worker.js'), eval: false });
    }));
});
