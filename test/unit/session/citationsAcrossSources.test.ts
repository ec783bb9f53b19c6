/**
 * Citation links across a session's sources, and the kept graphs behind them: a workspace PDF
 * citing a paper of the user's library (another source, its own index) links to it in the viewer
 * and in `references --library`; a paper both hold links to the workspace's own; and the viewer's
 * links are read once per index, a new index run (this session's or another process's) read again.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { indexFolder } from '../../../src/core/index';
import { openSession, type Session } from '../../../src/core/session';
import { runCli, buildOnce } from '../../support/cli';
import { drawCitingPaper, SANDWICH, SANDWICH_OOP } from '../../support/citingPapers';
import { withTempDir } from '../../support/tempDir';

async function indexed(root: string, dbDir: string): Promise<void> {
  const run = indexFolder({ root, dbDir, embedder: null, workers: 1 });
  while (!(await run.next()).done);
}

/** A workspace holding the OOP paper (it cites Zeileis 2004 and Andrews 1991) and a library holding the sandwich paper. */
async function twoSources(dir: string) {
  const workspace = join(dir, 'workspace');
  const library = join(dir, 'library');
  await mkdir(workspace, { recursive: true });
  await mkdir(library, { recursive: true });
  await writeFile(join(workspace, 'oop.pdf'), await drawCitingPaper(SANDWICH_OOP));
  await writeFile(join(library, 'sandwich.pdf'), await drawCitingPaper(SANDWICH));
  const sources = [
    { kind: 'folder' as const, label: 'workspace', root: workspace, dbDir: join(dir, 'workspace-index') },
    { kind: 'folder' as const, label: 'library', root: library, dbDir: join(dir, 'library-index') },
  ];
  for (const s of sources) await indexed(s.root, s.dbDir);
  return { workspace, library, sources };
}

function sessionOver(sources: Parameters<typeof openSession>[0]['sources']): Session {
  return openSession({
    settings: { model: { kind: 'none' }, ollamaHost: null, limits: {}, chat: { tracing: false }, embedding: { mode: 'none' }, index: {} },
    sources,
  });
}

describe('citation links across sources', function () {
  this.timeout(300_000);

  it('the viewer links a workspace PDF’s citation to the paper in another source, named as the session names it', () =>
    withTempDir(async (dir) => {
      const { sources } = await twoSources(dir);
      const session = sessionOver(sources);
      try {
        const links = await session.citationLinks('workspace/oop.pdf');
        assert.ok(links, 'no links for the workspace paper');
        const zeileis = links.references.find((r) => r.year === '2004')!;
        assert.equal(zeileis.library?.path, 'library/sandwich.pdf');
        assert.match(zeileis.library?.name ?? '', /Econometric Computing with HC and HAC/);
        assert.equal(links.references.find((r) => r.year === '1991')!.library, null, 'Andrews (1991) is in neither source');
      } finally {
        await session.close();
      }
    }));

  it('a paper the workspace holds too links to the workspace’s own copy', () =>
    withTempDir(async (dir) => {
      const { workspace, sources } = await twoSources(dir);
      await writeFile(join(workspace, 'sandwich-copy.pdf'), await drawCitingPaper(SANDWICH));
      await indexed(workspace, sources[0]!.dbDir);
      const session = sessionOver(sources);
      try {
        const links = await session.citationLinks('workspace/oop.pdf');
        assert.equal(links!.references.find((r) => r.year === '2004')!.library?.path, 'workspace/sandwich-copy.pdf');
      } finally {
        await session.close();
      }
    }));

  it('the viewer’s links are kept while the index is unchanged and read again after an index run elsewhere', () =>
    withTempDir(async (dir) => {
      const { workspace, sources } = await twoSources(dir);
      const session = sessionOver(sources);
      try {
        const first = await session.citations(sources[0]!);
        assert.equal(await session.citations(sources[0]!), first, 'the unchanged index is read again');
        // Another process indexes the workspace again (a new PDF): the kept graph is stale.
        await writeFile(join(workspace, 'sandwich-copy.pdf'), await drawCitingPaper(SANDWICH));
        await indexed(workspace, sources[0]!.dbDir);
        const after = await session.citations(sources[0]!);
        assert.notEqual(after, first);
        assert.ok(after.graph.papers.has('sandwich-copy.pdf'), 'the new run’s lists are read');
        const links = await session.citationLinks('workspace/oop.pdf');
        assert.equal(links!.references.find((r) => r.year === '2004')!.library?.path, 'workspace/sandwich-copy.pdf');
      } finally {
        await session.close();
      }
    }));

  it('references --library DIR: an entry no paper of the folder is links to the library’s paper, with the library’s label', async () => {
    await buildOnce();
    await withTempDir(async (dir) => {
      const { workspace, library, sources } = await twoSources(dir);
      // `--library DIR` reads a folder's own index inside it (<folder>/.research-index) when the cache has none.
      const inside = join(library, '.research-index');
      await indexed(library, inside);
      const { code, stdout, stderr } = await runCli(['references', workspace, '--db', sources[0]!.dbDir, '--library', library, '--json']);
      assert.equal(code, 0, stderr);
      const paper = (JSON.parse(stdout) as { papers: Array<{ path: string; references: Array<{ year: string; library: unknown }> }> }).papers.find(
        (p) => p.path === 'oop.pdf',
      )!;
      assert.deepEqual(paper.references.find((r) => r.year === '2004')!.library, { path: 'sandwich.pdf', source: 'library' });
      assert.equal(paper.references.find((r) => r.year === '1991')!.library, null);
      const text = await runCli(['references', workspace, '--db', sources[0]!.dbDir, '--library', library]);
      assert.match(text.stdout, /-> sandwich\.pdf \(in the library library\)/);
    });
  });
});
