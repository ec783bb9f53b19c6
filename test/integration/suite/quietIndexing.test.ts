import * as assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { IndexJobResult } from '../../../src/vscode/indexing/indexReport';
import { getApi, waitFor, workspaceRoot } from './helpers';
import { recordNotifications, sleep } from './notifications';
import { setSetting, useFakeOllama } from './ollama';
import { deadHost } from '../../support/deadHost';

function nextJob(match: (r: IndexJobResult) => boolean): Promise<IndexJobResult> {
  return getApi().then(
    (api) =>
      new Promise((resolve) => {
        const sub = api.index.onDidFinishJob((r) => {
          if (match(r)) {
            sub.dispose();
            resolve(r);
          }
        });
      }),
  );
}

describe('background indexing stays in the status bar', function () {
  this.timeout(90_000);
  const ollama = useFakeOllama();

  it('an explicit "Index Workspace Documents" with nothing to do says "up to date" with the totals, not "0 chunks"', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('local-research.indexWorkspace');
    const shown = recordNotifications();
    try {
      const job = (await vscode.commands.executeCommand('local-research.indexWorkspace')) as IndexJobResult;
      assert.equal(job.summary?.indexed, 0);
      assert.equal(shown.toastProgress.length, 1, 'a run the user asked for shows its progress');
      const stats = api.index.lastStats!;
      assert.deepEqual(
        shown.messages.map((m) => m.text),
        [`Local Research: Index up to date: ${stats.documents} documents, ${stats.chunks} chunks.`],
      );
    } finally {
      shown.restore();
    }
  });

  it('a document edited on disk is indexed with the status bar showing it, and no toast or progress notification', async () => {
    const api = await getApi();
    const file = join(workspaceRoot().fsPath, 'notes', 'quiet.md');
    const shown = recordNotifications();
    try {
      const bar: string[] = [];
      const started = new Promise<void>((resolve) => {
        const sub = api.index.onDidStartJob(() => (bar.push(api.statusBarText()), sub.dispose(), resolve()));
      });
      const indexed = nextJob((r) => (r.summary?.indexed ?? 0) > 0);
      await writeFile(file, '# Quiet\n\nBackground runs report in the status bar.\n');
      await started;
      assert.equal((await indexed).summary!.indexed, 1);
      assert.match(bar[0]!, /indexing/, 'the status bar shows the run');
      await waitFor(() => /: 4 docs/.test(api.statusBarText()), 'status bar with 4 docs');
      const removed = nextJob((r) => (r.summary?.removed ?? 0) > 0);
      await rm(file);
      await removed;
      await waitFor(() => /: 3 docs/.test(api.statusBarText()), 'status bar back to 3 docs');
      await sleep(300); // a toast shown late would still be recorded
      assert.deepEqual(shown.messages, []);
      assert.deepEqual(shown.toastProgress, []);
    } finally {
      shown.restore();
      await rm(file, { force: true });
    }
  });

  it('a document that newly cannot be indexed is worth one warning; the next background run stays quiet', async () => {
    const broken = join(workspaceRoot().fsPath, 'broken.pdf');
    const other = join(workspaceRoot().fsPath, 'notes', 'other.md');
    const shown = recordNotifications();
    try {
      const first = nextJob((r) => (r.summary?.failed.length ?? 0) > 0);
      await writeFile(broken, '');
      await first;
      await sleep(200);
      assert.equal(shown.messages.length, 1, JSON.stringify(shown.messages));
      assert.equal(shown.messages[0]!.kind, 'warning');
      assert.match(shown.messages[0]!.text, /broken\.pdf/);
      const second = nextJob((r) => (r.summary?.indexed ?? 0) > 0);
      await writeFile(other, '# Other\n\nAnother note.\n');
      assert.equal((await second).summary!.failed.length, 1, 'the broken file still fails');
      await sleep(200);
      assert.equal(shown.messages.length, 1, 'no second warning for the same file');
    } finally {
      shown.restore();
      const cleaned = nextJob((r) => r.summary !== undefined && r.summary.failed.length === 0 && r.summary.removed > 0);
      await rm(broken, { force: true });
      await rm(other, { force: true });
      await cleaned;
    }
  });

  it('a failing background run still tells the user, with the button that fixes it', async () => {
    const shown = recordNotifications();
    try {
      await setSetting('ollama.host', await deadHost());
      const failed = nextJob((r) => r.error !== undefined);
      await setSetting('embedding.provider', 'ollama'); // an index setting: re-indexes in the background
      const job = await failed;
      assert.equal((job.error as { code?: string }).code, 'ollama-unreachable');
      await sleep(200);
      assert.equal(shown.messages.length, 1, JSON.stringify(shown.messages));
      assert.equal(shown.messages[0]!.kind, 'error');
      assert.match(shown.messages[0]!.text, /indexing failed: Ollama is not reachable/);
      assert.ok(shown.messages[0]!.items.includes('How to install Ollama'), shown.messages[0]!.items.join(', '));
      assert.deepEqual(shown.toastProgress, []);
    } finally {
      shown.restore();
      await setSetting('ollama.host', ollama.server.url);
      const settled = nextJob(() => true);
      await setSetting('embedding.provider', undefined);
      const job = await settled;
      assert.equal(job.error, undefined, `re-indexing after restoring the settings failed: ${String(job.error)}`);
    }
  });
});
