import assert from 'node:assert/strict';
import type { TurnMetadata } from '../../../src/core/graph/api';
import { BREAK } from '../../../src/vscode/pure/chatMarkdown';
import { SOURCES_HEADING, historyFromTurns, isResearchMetadata, type ChatTurn } from '../../../src/vscode/pure/chatHistory';
import { citationCommandUri, unlinkCitations } from '../../../src/vscode/pure/citationLinks';
import { markdownLink } from '../../../src/vscode/pure/documentText';
import { PARTICIPANT_ID } from '../../../src/vscode/pure/commandIds';

const turn: TurnMetadata = { clarificationCount: 1, lastAgent: 'clarification', citations: [], decisions: [], conversationId: 'conv-1' };
const ours = { kind: 'local-research-turn', turn, followups: [] };
const ask = (prompt: string, participant = PARTICIPANT_ID): ChatTurn => ({ participant, kind: 'request', prompt });
const answer = (markdown: string, metadata: unknown = ours, participant = PARTICIPANT_ID): ChatTurn => ({ participant, kind: 'response', markdown, metadata });

describe('chat history read back for the graph', () => {
  it('keeps only this participant’s turns, oldest first', () => {
    const history = historyFromTurns(
      [ask('hi', 'other.agent'), answer('other answer', undefined, 'other.agent'), ask('timeout?'), answer('Which program?')],
      10,
    );
    assert.deepEqual(history, [
      { role: 'user', content: 'timeout?' },
      { role: 'assistant', content: 'Which program?', metadata: turn },
    ]);
  });

  it('gives the graph the answer the model wrote: no Sources list, no zero-width breaks, citation links back to [n]', () => {
    const link = markdownLink('[2]', citationCommandUri('t1', { index: 2, file: 'a (1).md', lines: [3, 4], snippet: 'x' }), 'quoted "text"');
    const [, shown] = historyFromTurns([ask('q'), answer(`See !${BREAK}[x] and the default ${link}.${SOURCES_HEADING}- [2] a.md`)], 10);
    assert.equal(shown!.content, 'See ![x] and the default [2].');
  });

  it('keeps the last maxTurns exchanges; 0 keeps none', () => {
    const turns = [ask('1'), answer('a1'), ask('2'), answer('a2'), ask('3'), answer('a3')];
    assert.deepEqual(
      historyFromTurns(turns, 2).map((t) => t.content),
      ['2', 'a2', '3', 'a3'],
    );
    assert.deepEqual(historyFromTurns(turns, 0), []);
  });

  it('trusts only our own, complete metadata', () => {
    assert.equal(isResearchMetadata(ours), true);
    assert.equal(isResearchMetadata({ ...ours, kind: 'someone-else' }), false);
    const { citations: _dropped, ...olderTurn } = turn;
    assert.equal(isResearchMetadata({ ...ours, turn: olderTurn }), false);
    const [, assistant] = historyFromTurns([ask('q'), answer('a', { ...ours, turn: olderTurn })], 10);
    assert.equal(assistant!.metadata, undefined);
  });

  it('a citation link survives a ")" in its path and its hover text, and unlinks to its marker', () => {
    const uri = citationCommandUri('t1', { index: 7, file: 'notes (draft).md', page: 3 });
    assert.doesNotMatch(uri, /[()]/);
    assert.deepEqual(JSON.parse(decodeURIComponent(uri.slice(uri.indexOf('?') + 1))), [{ turn: 't1', n: 7, file: 'notes (draft).md', page: 3 }]);
    assert.equal(unlinkCitations(`x ${markdownLink('[7]', uri, 'a "quoted" (passage)')} y`), 'x [7] y');
  });

  it('unlinks a marker link of a chat saved when labels were backslash-escaped', () => {
    assert.equal(unlinkCitations('x [\\[7\\]](command:local-research.openCitation?%5B%5D "a \\"quoted\\" passage") y'), 'x [7] y');
  });
});
