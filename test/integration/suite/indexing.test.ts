import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { IndexJobResult } from '../../../src/vscode/indexing/indexReport';
import { getApi, waitFor, workspaceRoot } from './helpers';
import { useFakeOllama } from './ollama';

describe('indexing through the commands', function () {
  this.timeout(120_000);
  const ollama = useFakeOllama();

  it('"Index Workspace Documents" indexes the generated PDF and Markdown files into workspace storage', async () => {
    void ollama;
    const api = await getApi();
    const job = (await vscode.commands.executeCommand('local-research.indexWorkspace')) as IndexJobResult;
    assert.equal(job.error, undefined, `indexing failed: ${String(job.error)}`);
    const s = job.summary!;
    assert.equal(s.indexed, 3);
    assert.deepEqual(s.failed, []);
    assert.ok(s.chunks >= 3, `chunks: ${s.chunks}`);
    assert.equal(s.embedder, 'ollama:nomic-embed-text');
    assert.ok(api.index.dbDir && existsSync(api.index.dbDir), 'index folder missing');
    assert.ok(!api.index.dbDir!.startsWith(workspaceRoot().fsPath), 'the index must not live in the user folder');
    assert.equal(existsSync(join(workspaceRoot().fsPath, '.research-index')), false);
  });

  it('shows documents and chunks in the status bar', async () => {
    const api = await getApi();
    const text = api.statusBarText();
    assert.match(text, /3 docs, \d+ chunks/);
  });

  it('a second run skips unchanged documents (incremental)', async () => {
    const job = (await vscode.commands.executeCommand('local-research.indexWorkspace')) as IndexJobResult;
    assert.equal(job.summary?.indexed, 0);
    assert.equal(job.summary?.skipped, 3);
  });

  it('queues concurrent requests: one job at a time, a repeated queued request merges', async () => {
    const api = await getApi();
    const running = new Promise<void>((resolve) => {
      const sub = api.index.onDidStartJob(() => (sub.dispose(), resolve()));
    });
    const first = api.index.enqueue('index', { trigger: 'background' });
    await running;
    const second = api.index.enqueue('index', { trigger: 'background' });
    const third = api.index.enqueue('index', { trigger: 'background' });
    assert.equal(second, third, 'a waiting job of the same kind absorbs later requests');
    assert.notEqual(first, second);
    const [a, b] = await Promise.all([first, second]);
    assert.equal(a.error, undefined);
    assert.equal(b.error, undefined);
  });

  it('the file watcher re-indexes a new document after the debounce', async () => {
    const api = await getApi();
    const file = join(workspaceRoot().fsPath, 'notes', 'cache.md');
    const finished = new Promise<IndexJobResult>((resolve) => {
      const sub = api.index.onDidFinishJob((r) => {
        if (r.summary && r.summary.indexed > 0) {
          sub.dispose();
          resolve(r);
        }
      });
    });
    await writeFile(file, '# Cache\n\nThe cache expires after 600 seconds.\n');
    const job = await finished;
    assert.equal(job.summary!.indexed, 1);
    await waitFor(() => /4 docs/.test(api.statusBarText()), 'status bar with 4 docs');
    await rm(file);
    await waitFor(() => /3 docs/.test(api.statusBarText()), 'status bar back to 3 docs after the delete');
  });

  it('"Show Index Status" reports the counts', async () => {
    const text = (await vscode.commands.executeCommand('local-research.showIndexStatus')) as string;
    assert.match(text, /^3 documents, \d+ chunks; embeddings: ollama:nomic-embed-text/);
  });
});

describe('cancelling an indexing run', function () {
  this.timeout(60_000);
  useFakeOllama();

  it('stops the run without an error and leaves an index the next run completes', async () => {
    const api = await getApi();
    const dir = join(workspaceRoot().fsPath, 'bulk');
    await mkdir(dir, { recursive: true });
    for (let i = 0; i < 40; i++) await writeFile(join(dir, `note-${i}.md`), `# Note ${i}\n\nBulk note number ${i} about nothing in particular.\n`);
    try {
      const started = new Promise<void>((resolve) => {
        const sub = api.index.onDidStartJob(() => (sub.dispose(), resolve()));
      });
      const job = api.index.enqueue('index', { trigger: 'background' });
      await started;
      api.index.cancelRunning();
      const result = await job;
      assert.equal(result.error, undefined, `cancellation surfaced as an error: ${String(result.error)}`);
      assert.equal(result.cancelled, true);
      assert.ok((result.summary?.indexed ?? 0) < 40, 'the run went on after the cancellation');
      const again = (await vscode.commands.executeCommand('local-research.indexWorkspace')) as IndexJobResult;
      assert.equal(again.summary?.cancelled, false);
      // The watcher saw the 40 new files too and may run once more: wait for the bar to settle.
      await waitFor(() => /43 docs/.test(api.statusBarText()), 'status bar with 43 docs');
    } finally {
      await rm(dir, { recursive: true, force: true });
      await vscode.commands.executeCommand('local-research.indexWorkspace');
      await waitFor(() => /: 3 docs/.test(api.statusBarText()), 'status bar back to 3 docs');
    }
  });
});
