import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { writePdf } from '../../support/pdfs';
import { withTempDir } from '../../support/tempDir';

const run = promisify(execFile);
const repoRoot = join(__dirname, '..', '..', '..');

// The extension and the CLI ship as esbuild bundles that start dist/extract-worker.js next to
// themselves. This builds the same layout in a temp folder (with esbuild.mjs's settings) and
// extracts a PDF through it, so a worker that only works from source would fail here.
describe('extraction from an esbuild bundle', () => {
  it('starts the bundled worker next to the bundle and extracts through it', () =>
    withTempDir(async (dir) => {
      const pdf = await writePdf(join(dir, 'doc.pdf'), ['bundled page one', 'bundled page two']);
      const entry = join(dir, 'entry.ts');
      await writeFile(
        entry,
        `import { createExtractor } from ${JSON.stringify(join(repoRoot, 'src/core/index/extract'))};
         import { resolveWorkerScript, WorkerPool } from ${JSON.stringify(join(repoRoot, 'src/core/index/extract/pool'))};
         (async () => {
           const extractor = createExtractor({ workers: 2 });
           const file = { path: 'doc.pdf', absPath: ${JSON.stringify(pdf)}, kind: 'pdf' as const, size: 1, mtimeMs: 0 };
           const document = await extractor.extract(file);
           await extractor.close();
           process.stdout.write(JSON.stringify({ pages: document.pages, pooled: extractor instanceof WorkerPool, script: resolveWorkerScript() }));
         })();`,
      );
      await esbuild.build({
        entryPoints: [
          { in: join(repoRoot, 'src/core/index/extract/worker.ts'), out: 'extract-worker' },
          { in: entry, out: 'entry' },
        ],
        outdir: join(dir, 'dist'),
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'cjs',
        logLevel: 'silent',
      });

      const { stdout } = await run(process.execPath, [join(dir, 'dist', 'entry.js')]);
      const result = JSON.parse(stdout) as { pages: string[]; pooled: boolean; script: { path?: string; eval: boolean } };

      assert.deepEqual(result.pages, ['bundled page one', 'bundled page two']);
      assert.equal(result.pooled, true);
      assert.deepEqual(result.script, { path: join(dir, 'dist', 'extract-worker.js'), eval: false });
    }));
});
