import assert from 'node:assert/strict';
import { PARTICIPANT_ID } from '../../../src/vscode/pure/commandIds';
import { conversationScope, isScopeMetadata, parseScopeCommand, scopeText } from '../../../src/vscode/pure/libraryScope';

const scoped = (scope: unknown, participant = PARTICIPANT_ID) => ({ participant, metadata: { kind: 'local-research-scope', scope, choices: [] } });
const answered = { participant: PARTICIPANT_ID, metadata: { kind: 'local-research-turn' } };

describe('a chat conversation scoped to a Zotero collection or tag', () => {
  it('reads "/collection Thesis / Chapter 2", "/tag to-read", "/collection all" and "/collection" alone', () => {
    assert.deepEqual(parseScopeCommand('collection', ' Thesis / Chapter 2 '), { kind: 'set', scope: { collection: 'Thesis / Chapter 2' } });
    assert.deepEqual(parseScopeCommand('collection', '"Chapter 2"'), { kind: 'set', scope: { collection: 'Chapter 2' } });
    assert.deepEqual(parseScopeCommand('tag', 'to-read'), { kind: 'set', scope: { tag: 'to-read' } });
    assert.deepEqual(parseScopeCommand('collection', 'all'), { kind: 'clear' });
    assert.deepEqual(parseScopeCommand('tag', 'None'), { kind: 'clear' });
    assert.deepEqual(parseScopeCommand('collection', '  '), { kind: 'list' });
  });

  it("the conversation's scope is the last scope command's, across answers in between; cleared or never set: everything", () => {
    assert.deepEqual(conversationScope([scoped({ collection: 'Thesis' }), answered, answered]), { collection: 'Thesis' });
    assert.deepEqual(conversationScope([scoped({ collection: 'Thesis' }), answered, scoped({ tag: 'x' })]), { tag: 'x' });
    assert.equal(conversationScope([scoped({ collection: 'Thesis' }), answered, scoped(null)]), null);
    assert.equal(conversationScope([answered]), null);
  });

  it("ignores another participant's metadata and metadata of a shape it does not know", () => {
    assert.equal(conversationScope([scoped({ collection: 'Thesis' }, 'other.agent')]), null);
    assert.equal(isScopeMetadata({ kind: 'local-research-scope', scope: { collection: 3 }, choices: [] }), false);
    assert.equal(isScopeMetadata({ kind: 'local-research-scope', scope: {}, choices: [] }), false);
    assert.equal(isScopeMetadata({ kind: 'local-research-scope', scope: { tag: 'x' } }), false);
  });

  it('says the scope as the answer shows it', () => {
    assert.equal(scopeText({ collection: 'Thesis / Chapter 2' }), 'the collection Thesis / Chapter 2');
    assert.equal(scopeText({ tag: 'to-read' }), 'the tag to-read');
    assert.equal(scopeText({ collection: 'Thesis', tag: 'to-read' }), 'the collection Thesis with the tag to-read');
  });
});
