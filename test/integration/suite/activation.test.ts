import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { getApi, EXTENSION_ID } from './helpers';

describe('activation', () => {
  it('activates in the real extension host and exposes its API', async () => {
    const api = await getApi();
    assert.ok(api, 'activate() returned no API');
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, true);
  });

  it('registers every command declared in package.json', async () => {
    await getApi();
    const declared: string[] = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.commands.map((c: { command: string }) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = declared.filter((c) => !registered.has(c));
    assert.deepEqual(missing, []);
    assert.ok(declared.length >= 8, `expected at least 8 commands, found ${declared.length}`);
  });
});

describe('lazy activation', () => {
  it('does not load LanceDB/LangGraph (dist/engine.js) while nothing was indexed or asked', async () => {
    const api = await getApi();
    await new Promise((r) => setTimeout(r, 800)); // past the deferred start-up work
    assert.equal(api.engineLoaded(), false);
  });
});
