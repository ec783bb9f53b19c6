import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { settingsQuery } from '../../../src/vscode/commands';
import { localTime } from '../../../src/vscode/indexing/statusBar';
import { RecordingStream, cancellation } from './chatStream';
import { EXTENSION_ID, getApi } from './helpers';
import { recordNotifications, sleep } from './notifications';
import { useFakeOllama } from './ollama';

const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d/;

describe('status in local time, and settings', function () {
  this.timeout(60_000);
  useFakeOllama();
  before(async () => {
    await vscode.commands.executeCommand('local-research.indexWorkspace');
  });

  it('/status shows the last indexing time in local time, with actions rather than a button repeating it', async () => {
    const api = await getApi();
    const stream = new RecordingStream();
    await api.participant.handler({ prompt: '', command: 'status' }, { history: [] }, stream.asStream(), cancellation().token);
    const recorded = api.index.lastStats!.lastIndexedAt!;
    assert.ok(stream.text.includes(`Last indexed: ${localTime(recorded)}.`), stream.text);
    assert.doesNotMatch(stream.text, ISO);
    assert.ok(!stream.buttons.some((b) => b.command === 'local-research.showIndexStatus'), 'no button that repeats the status in a toast');
    assert.ok(stream.buttons.some((b) => b.command === 'local-research.indexWorkspace'));
  });

  it('"Show Index Status" and the status bar tooltip use the same local time', async () => {
    const api = await getApi();
    const text = await vscode.commands.executeCommand<string>('local-research.showIndexStatus');
    const when = localTime(api.index.lastStats!.lastIndexedAt);
    assert.ok(text.includes(`last indexed ${when}`), text);
    assert.doesNotMatch(text, ISO);
  });

  it('"Open Settings" opens this extension\'s own settings, host and models first', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.equal(settingsQuery(ext.id), `@ext:${ext.packageJSON.publisher}.${ext.packageJSON.name}`);
    assert.equal(settingsQuery(ext.id, 'research.ollama.host'), '@id:research.ollama.host');
    const properties = ext.packageJSON.contributes.configuration.properties as Record<string, { order?: number }>;
    const byOrder = Object.entries(properties)
      .sort(([, a], [, b]) => (a.order ?? 1e9) - (b.order ?? 1e9))
      .map(([key]) => key);
    assert.deepEqual(byOrder.slice(0, 3), ['research.ollama.host', 'research.models.chat', 'research.models.embedding']);
    assert.ok(
      Object.values(properties).every((p) => typeof p.order === 'number'),
      'every setting has a place',
    );
    const shown = recordNotifications();
    try {
      await vscode.commands.executeCommand('local-research.openSettings');
      await sleep(500);
      assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, 'Settings');
      assert.deepEqual(shown.messages, []);
    } finally {
      shown.restore();
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });
});
