import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChatReply, ChatRequestBody } from '../../support/fakeOllama';
import { researchScript } from '../scriptedResearchModel';
import { WORKSPACE_FILES } from '../workspace';
import { RecordingStream, cancellation } from './chatStream';
import { getApi, workspaceRoot } from './helpers';
import { useFakeOllama } from './ollama';

/** A reference as VS Code hands it to the participant; `range` set: typed as `#file:…` in the prompt. */
function reference(id: string, value: vscode.Uri | vscode.Location, range?: [number, number]): vscode.ChatPromptReference {
  return { id, value, ...(range ? { range } : {}) };
}

const fileUri = (path: string) => vscode.Uri.joinPath(workspaceRoot(), path);

describe('@research scoped to referenced documents (real handler, real index)', function () {
  this.timeout(60_000);
  let script: (body: ChatRequestBody) => ChatReply = researchScript();
  useFakeOllama({ chat: (body) => script(body) });

  before(async () => {
    await vscode.commands.executeCommand('local-research.indexWorkspace');
  });
  beforeEach(() => {
    script = researchScript();
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  async function ask(prompt: string, references: vscode.ChatPromptReference[] = []) {
    const api = await getApi();
    const stream = new RecordingStream();
    const result = await api.participant.handler({ prompt, references }, { history: [] }, stream.asStream(), cancellation().token);
    const cited = stream.references
      .map((r) => (r instanceof vscode.Uri ? r : r instanceof vscode.Location ? r.uri : undefined))
      .filter((u): u is vscode.Uri => !!u);
    return { stream, result, cited: [...new Set(cited.map((u) => vscode.workspace.asRelativePath(u, false)))] };
  }

  it('a #file reference restricts the search to that document: the PDF that answers is not cited, the header and the answer say what was searched', async () => {
    const prompt = 'What is the default proxy timeout? #file:README.md';
    const { stream, cited } = await ask(prompt, [reference('vscode.file', fileUri(WORKSPACE_FILES.readme), [prompt.indexOf('#'), prompt.length])]);
    assert.deepEqual(cited, [], `cited outside the scope: ${cited.join(', ')}`);
    assert.ok(stream.progressMessages.includes(`Searching only: ${WORKSPACE_FILES.readme}`), stream.progressMessages.join(' | '));
    assert.match(stream.seen, /Searched only: notes\/README\.md\./);
  });

  it('a Location reference (a selection the user attached) scopes to its file: the PDF that answers is not cited', async () => {
    const location = new vscode.Location(fileUri(WORKSPACE_FILES.readme), new vscode.Range(0, 0, 2, 0));
    const { stream, cited } = await ask('What is the default proxy timeout?', [reference('vscode.selection', location)]);
    assert.deepEqual(cited, [], `cited outside the scope: ${cited.join(', ')}`);
    assert.ok(stream.progressMessages.includes(`Searching only: ${WORKSPACE_FILES.readme}`), stream.progressMessages.join(' | '));
  });

  it('an attached folder covers the documents below it: the proxy answer cites the PDF in manuals/', async () => {
    const { stream, cited } = await ask('What is the default proxy timeout?', [reference('vscode.folder', fileUri('manuals'))]);
    assert.ok(stream.progressMessages.includes('Searching only: manuals'), stream.progressMessages.join(' | '));
    assert.match(stream.seen, /proxy timeout defaults to 30 seconds \[\d\]/);
    assert.deepEqual(cited, [WORKSPACE_FILES.pdf]);
  });

  it('the editor attaching the active document by itself (vscode.implicit.*) does not narrow the search', async () => {
    const { stream, cited } = await ask('What is the default proxy timeout?', [reference('vscode.implicit.file', fileUri(WORKSPACE_FILES.readme))]);
    assert.match(stream.seen, /proxy timeout defaults to 30 seconds \[\d\]/);
    assert.ok(cited.includes(WORKSPACE_FILES.pdf), cited.join(', '));
    assert.ok(!stream.progressMessages.some((m) => m.startsWith('Searching only')), stream.progressMessages.join(' | '));
  });

  it('"this document" scopes to the document in the active editor', async () => {
    await vscode.window.showTextDocument(fileUri(WORKSPACE_FILES.readme));
    const { stream, cited } = await ask('What does this document say about the proxy timeout?');
    assert.ok(stream.progressMessages.includes(`Searching only: ${WORKSPACE_FILES.readme}`), stream.progressMessages.join(' | '));
    assert.ok(!cited.includes(WORKSPACE_FILES.pdf), cited.join(', '));
  });

  it('a referenced file that is not indexed is named in the answer', async () => {
    const { stream, cited } = await ask('What is the default database connection timeout?', [
      reference('vscode.file', fileUri(WORKSPACE_FILES.database)),
      reference('vscode.file', fileUri('notes/draft-not-indexed.md')),
    ]);
    assert.deepEqual(cited, [WORKSPACE_FILES.database]);
    assert.match(stream.seen, /Not indexed yet: notes\/draft-not-indexed\.md \(index it to search it\)/);
  });
});
