import assert from 'node:assert/strict';
import { join } from 'node:path';
import { folderLabels, multiFolderRetriever, splitFolderPath } from '../../../src/core/index/search/folders';
import { sumSummaries } from '../../../src/core/index/pipeline/folderSummary';
import type { IndexSummary } from '../../../src/core/index/types';
import { buildRealIndex, type RealIndex } from '../../support/realIndex';
import { withTempDir } from '../../support/tempDir';
import { startHarness } from '../../support/graphHarness';

/** Two real indexes: each folder holds one half of the answer, and both have a README.md. */
async function withTwoFolders(fn: (a: RealIndex, b: RealIndex) => Promise<void>): Promise<void> {
  await withTempDir(async (dir) => {
    const a = await buildRealIndex(join(dir, 'a'), {
      'README.md': '# Alpha\n\nThe alpha service listens on port 8080 for plain HTTP.\n',
      'notes/deploy.md': '# Deploy\n\nDeploy alpha with the blue green rollout.\n',
    });
    const b = await buildRealIndex(join(dir, 'b'), {
      'README.md': '# Beta\n\nThe beta service listens on port 9443 for TLS.\n',
    });
    try {
      await fn(a, b);
    } finally {
      a.close();
      b.close();
    }
  });
}

describe('several folders searched as one (multi-root workspaces, the CLI --folder)', () => {
  it('hits from both indexes are merged and each path names its folder (else the second folder was never searched, or its README.md read as the first one)', async () => {
    await withTwoFolders(async (a, b) => {
      const retriever = multiFolderRetriever([
        { label: 'alpha', retriever: a.retriever },
        { label: 'beta', retriever: b.retriever },
      ]);
      const hits = await retriever.search('which port does the service listen on', { k: 5 });
      const paths = hits.map((h) => h.path);
      assert.ok(paths.includes('alpha/README.md'), paths.join(', '));
      assert.ok(paths.includes('beta/README.md'), paths.join(', '));
      assert.equal(new Set(hits.map((h) => h.id)).size, hits.length, 'ids stay unique across folders');
      const docs = (await retriever.listDocuments()).map((d) => d.path).sort();
      assert.deepEqual(docs, ['alpha/README.md', 'alpha/notes/deploy.md', 'beta/README.md']);
      assert.equal((await retriever.stats()).documents, 3);
    });
  });

  it('"not in your documents" over two folders: a question only the second folder answers is not absent, one neither answers is (else the fan-out never said absent, or said so from the first folder alone)', async () => {
    await withTwoFolders(async (a, b) => {
      const retriever = multiFolderRetriever([
        { label: 'alpha', retriever: a.retriever },
        { label: 'beta', retriever: b.retriever },
      ]);
      assert.ok(retriever.assessAbsence, 'the fan-out passes the absence signal through');
      const tls = 'which port does the beta service listen on for TLS';
      const onlyBeta = await retriever.assessAbsence(tls, await retriever.search(tls, { k: 5 }));
      assert.equal(onlyBeta.absent, false, onlyBeta.reason);
      const nowhere = 'how do I configure kerberos keytab rotation';
      const absent = await retriever.assessAbsence(nowhere, await retriever.search(nowhere, { k: 5 }));
      assert.equal(absent.absent, true, absent.reason);
    });
  });

  it("a search restricted to one folder's document asks only that folder, with the path as its index knows it (else a scope leaked into the other folder)", async () => {
    await withTwoFolders(async (a, b) => {
      const retriever = multiFolderRetriever([
        { label: 'alpha', retriever: a.retriever },
        { label: 'beta', retriever: b.retriever },
      ]);
      const hits = await retriever.search('service port', { paths: ['beta/README.md'] });
      assert.deepEqual([...new Set(hits.map((h) => h.path))], ['beta/README.md']);
      assert.deepEqual(await retriever.search('service port', { paths: ['gamma/README.md'] }), [], 'a folder that does not exist matches nothing');
    });
  });

  it('an answer over two folders cites documents from both, each citation naming its folder', async () => {
    await withTwoFolders(async (a, b) => {
      const retriever = multiFolderRetriever([
        { label: 'alpha', retriever: a.retriever },
        { label: 'beta', retriever: b.retriever },
      ]);
      const h = await startHarness(retriever, { synthesis: 'Alpha uses 8080 [1] and beta 9443 [2].' });
      try {
        const r = await h.ask('Which port does each service listen on?');
        const files = r.citations.map((c) => c.file).sort();
        assert.ok(files.includes('alpha/README.md') && files.includes('beta/README.md'), files.join(', '));
      } finally {
        await h.close();
      }
    });
  });

  it("one folder: the retriever is the folder's own, paths unprefixed (else single-folder citations and chat history would change)", async () => {
    await withTwoFolders(async (a) => {
      const retriever = multiFolderRetriever([{ label: 'alpha', retriever: a.retriever }]);
      assert.equal(retriever, a.retriever);
      const hits = await retriever.search('alpha port', { k: 1 });
      assert.equal(hits[0]?.path, 'README.md');
    });
  });

  it('labels never contain a slash and never repeat (else a citation would open the wrong folder)', () => {
    assert.deepEqual(folderLabels(['docs', 'docs', 'a/b', '', 'docs']), ['docs', 'docs-2', 'a-b', 'folder', 'docs-3']);
    assert.deepEqual(splitFolderPath('docs-2/notes/x.md', ['docs', 'docs-2']), { label: 'docs-2', path: 'notes/x.md' });
    assert.equal(splitFolderPath('other/x.md', ['docs']), null);
  });

  it('one run over two folders: counts add up and a failed file is named with its folder (else the user looks for it in the wrong folder)', () => {
    const run = (over: Partial<IndexSummary>): IndexSummary => ({
      files: 1,
      indexed: 1,
      skipped: 0,
      removed: 0,
      failed: [],
      pages: 2,
      chunks: 3,
      seconds: 1,
      pagesPerSecond: 2,
      cancelled: false,
      embedder: 'none',
      notices: [],
      warned: [],
      ...over,
    });
    const alpha = run({});
    const summary = sumSummaries([
      { label: 'alpha', summary: alpha },
      { label: 'beta', summary: run({ failed: [{ path: 'x.pdf', code: 'corrupt', reason: 'not a PDF' }] }) },
    ]);
    assert.equal(summary.indexed, 2);
    assert.equal(summary.chunks, 6);
    assert.deepEqual(
      summary.failed.map((f) => f.path),
      ['beta/x.pdf'],
    );
    assert.equal(sumSummaries([{ label: 'alpha', summary: alpha }]), alpha, 'one folder: its own summary, paths as they were');
  });
});
