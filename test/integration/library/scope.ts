/**
 * The chat scoped to a Zotero collection (`/collection`), in the real extension host, once the
 * library is indexed (./index.ts): the choices as follow-up buttons, the scope remembered for the
 * conversation through the results' metadata (VS Code hands back only the history), a question
 * under it citing only the collection's papers (subcollections included) and saying so, and
 * `/collection all` searching everything again.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ResearchApi } from '../../../src/vscode/api';
import { followupProvider } from '../../../src/vscode/chat/participant';
import { RecordingStream, cancellation } from '../suite/chatStream';
import { LIBRARY } from './facts';

type Turn = vscode.ChatRequestTurn | vscode.ChatResponseTurn;
const PARTICIPANT = 'local-research.research';

/** The two turns VS Code keeps of one exchange, the request's slash command with it (constructors are internal, but real). */
function exchange(prompt: string, command: string | undefined, stream: RecordingStream, result: vscode.ChatResult): Turn[] {
  const RequestTurn = vscode.ChatRequestTurn as unknown as new (...args: unknown[]) => vscode.ChatRequestTurn;
  const ResponseTurn = vscode.ChatResponseTurn as unknown as new (...args: unknown[]) => vscode.ChatResponseTurn;
  return [
    new RequestTurn(prompt, command, [], PARTICIPANT, []),
    new ResponseTurn([new vscode.ChatResponseMarkdownPart(stream.text)], result, PARTICIPANT, command),
  ];
}

/** The Sources list's papers, by author-year ("Lovelace (2012)"). */
function citedPapers(seen: string): string[] {
  const sources = seen.slice(seen.indexOf('**Sources**'));
  return [...new Set([...sources.matchAll(/^- \[\d+\] \[(\w+ \(\d{4}\))/gm)].map((m) => m[1]!))].sort();
}

export function collectionScopeTests(api: () => Thenable<ResearchApi>): void {
  const ask = async (prompt: string, command: string | undefined, history: Turn[]) => {
    const research = await api();
    const stream = new RecordingStream();
    const result = await research.participant.handler({ prompt, ...(command ? { command } : {}) }, { history }, stream.asStream(), cancellation().token);
    return { stream, result, turns: exchange(prompt, command, stream, result) };
  };

  it('/collection alone lists the Zotero collections by path, each a follow-up button that asks "/collection <path>"', async () => {
    const { stream, result } = await ask('', 'collection', []);
    for (const path of ['Reading', 'Thesis', 'Thesis / Chapter 2']) assert.ok(stream.seen.split('\n').includes(`- ${path}`), stream.seen);
    const followups = (await followupProvider.provideFollowups(result, { history: [] }, cancellation().token)) ?? [];
    assert.deepEqual(
      followups.map((f) => [f.command, f.prompt]),
      [
        ['collection', 'Reading'],
        ['collection', 'Thesis'],
        ['collection', 'Thesis / Chapter 2'],
      ],
    );
  });

  it('after "/collection Thesis" the conversation\'s questions cite only the papers of Thesis and its subcollection Chapter 2, and the answer says so; "/collection all" searches everything again', async () => {
    const chosen = await ask('Thesis', 'collection', []);
    assert.match(chosen.stream.text, /only the collection Thesis of your Zotero library \(subcollections included\): 1 paper\./, chosen.stream.text);

    const scoped = await ask(LIBRARY.bothQuestion, undefined, chosen.turns);
    assert.deepEqual(citedPapers(scoped.stream.seen), ['Lovelace (2012)'], scoped.stream.seen);
    // While it searches, the chat names the collection, not its papers' files.
    const progress = scoped.stream.progressMessages;
    assert.ok(progress.includes('Searching your Thesis collection…'), progress.join(' | '));
    assert.ok(!progress.some((m) => /\.pdf|storage\//.test(m)), progress.join(' | '));
    assert.match(scoped.stream.text, /Searched only the collection Thesis of your Zotero library \(1 paper\)/, scoped.stream.text);
    // A later question of the same conversation: still scoped (the scope is in the history, not in the question).
    const again = await ask(LIBRARY.bothQuestion, undefined, [...chosen.turns, ...scoped.turns]);
    assert.deepEqual(citedPapers(again.stream.seen), ['Lovelace (2012)'], again.stream.seen);

    const cleared = await ask('all', 'collection', [...chosen.turns, ...scoped.turns, ...again.turns]);
    assert.match(cleared.stream.text, /searches everything again/);
    const everything = await ask(LIBRARY.bothQuestion, undefined, [...chosen.turns, ...scoped.turns, ...again.turns, ...cleared.turns]);
    assert.deepEqual(citedPapers(everything.stream.seen), ['Babbage (2015)', 'Lovelace (2012)'], everything.stream.seen);
    assert.doesNotMatch(everything.stream.text, /Searched only/);
  });

  it('a collection the library does not have: says so with the choices, and the conversation keeps its scope', async () => {
    const chosen = await ask('Chapter 2', 'collection', []);
    const wrong = await ask('Chapter 9', 'collection', chosen.turns);
    assert.match(
      wrong.stream.seen,
      /Nothing to search in the collection Chapter 9: no collection "Chapter 9" in the Zotero library \(there are: Reading, Thesis, Thesis \/ Chapter 2\)/,
      wrong.stream.seen,
    );
    assert.deepEqual((wrong.result.metadata as { scope?: unknown }).scope, { collection: 'Chapter 2' });
  });
}
