/**
 * Runs last (files run in name order): it damages and rebuilds the shared workspace index, which
 * the indexing suite expects to build from nothing.
 *
 * A damaged index in the editor: "Verify Index" hashes every file and reports damage with a
 * Rebuild button; "Show Index Status" on a damaged index offers Rebuild (indexing again would
 * open the same damaged files), and the rebuild repairs it.
 */
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { listImmutableFiles } from '../../../src/core/index/store/checksums';
import { overwrite } from '../../support/indexCorrupter';
import { getApi } from './helpers';
import { recordNotifications, sleep } from './notifications';
import { useFakeOllama } from './ollama';

describe('damaged index: Verify Index and Show Index Status offer Rebuild', function () {
  this.timeout(60_000);
  useFakeOllama();
  /** Documents in the sound index; other suites may have added some to the workspace before this one. */
  let documents = 0;
  before(async () => {
    const job = (await vscode.commands.executeCommand('local-research.indexWorkspace')) as { summary?: { indexed: number; skipped: number } };
    documents = (job.summary?.indexed ?? 0) + (job.summary?.skipped ?? 0);
    assert.ok(documents > 0, 'the workspace was indexed');
  });

  /** Overwrites bytes in the middle of the chunks table's largest data file (same size). */
  async function damageDataFile(dbDir: string): Promise<void> {
    const data = (await listImmutableFiles(dbDir)).filter((f) => f.startsWith('chunks.lance/data/'));
    assert.ok(data.length > 0, 'the index has data files');
    await overwrite(join(dbDir, data[0]!), 64, 256);
  }

  it('"Verify Index" confirms a sound index, then names the damaged file with a Rebuild button and marks the status bar (was: no way to check)', async () => {
    const api = await getApi();
    assert.match(await vscode.commands.executeCommand<string>('local-research.verifyIndex'), /^Index verified: \d+ files/);
    await damageDataFile(api.index.dbDir!);
    const shown = recordNotifications();
    try {
      const text = await vscode.commands.executeCommand<string>('local-research.verifyIndex');
      assert.match(text, /The index is damaged \(chunks\.lance\/data\/.* no longer matches its checksum\): rebuild it/);
      await sleep(100);
      const message = shown.messages.find((m) => m.text.includes('damaged'));
      assert.equal(message?.kind, 'error');
      assert.deepEqual(message?.items, ['Rebuild Index', 'Open Log']);
      assert.match(api.statusBarText(), /index damaged/);
    } finally {
      shown.restore();
    }
  });

  it('"Show Index Status" on a damaged index offers Rebuild rather than Index, and the rebuild repairs it (was: "Index Now", which opened the same damaged files)', async () => {
    const shown = recordNotifications();
    try {
      const text = await vscode.commands.executeCommand<string>('local-research.showIndexStatus');
      assert.match(text, /The index is damaged/);
      await sleep(100);
      const message = shown.messages.find((m) => m.text.includes('damaged'));
      assert.deepEqual(message?.items, ['Rebuild Index', 'Open Log']);
    } finally {
      shown.restore();
    }
    const rebuilt = (await vscode.commands.executeCommand('local-research.rebuildIndex')) as { summary?: { indexed: number } };
    assert.equal(rebuilt.summary?.indexed, documents);
    assert.match(await vscode.commands.executeCommand<string>('local-research.showIndexStatus'), new RegExp(`^${documents} documents`));
    assert.match(await vscode.commands.executeCommand<string>('local-research.verifyIndex'), /^Index verified/);
  });
});
