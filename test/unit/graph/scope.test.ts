import assert from 'node:assert/strict';
import { createResearchAssistant } from '../../../src/core/graph/runTurn';
import { librarySearchName, resolveScope } from '../../../src/core/graph/scope';
import { memoryRetriever } from '../../support/memoryRetriever';
import { count, startHarness, type Harness } from '../../support/graphHarness';
import { grade, research } from '../../support/scriptedAgents';

// Every document mentions the timeout; other/c.md mentions it most, so an unscoped search ranks it first.
const corpus = () =>
  memoryRetriever([
    { path: 'other/c.md', lines: [1, 3], text: 'The timeout setting: the timeout is 90 seconds, timeout timeout timeout.' },
    { path: 'notes/a.md', lines: [4, 6], text: 'The timeout of the daemon is 30 seconds.' },
    { path: 'notes/b.md', lines: [7, 9], text: 'Our cluster raises the timeout to 45 seconds.' },
  ]);

const files = (r: { citations: { file: string }[] }) => [...new Set(r.citations.map((c) => c.file))];

describe('scope: retrieval restricted to the documents the user referenced', () => {
  let h: Harness | undefined;
  afterEach(async () => h?.close());

  it('a #file reference: only that document is cited, though another document matches the question better', async () => {
    const docs = corpus();
    h = await startHarness(docs, { synthesis: 'It is 45 seconds [1], or 90 [2].' });
    const r = await h.ask('What is the timeout?', [], { scope: ['notes/b.md'] });
    assert.deepEqual(files(r), ['notes/b.md']);
    assert.ok(docs.queries.length > 0);
    for (const q of docs.queries) assert.deepEqual(q.options?.paths, ['notes/b.md'], `searched outside the scope: ${q.query}`);
    const progress = r.events.filter((e) => e.type === 'progress').map((e) => e.message);
    assert.ok(progress.includes('Searching only: notes/b.md'), progress.join(' | '));
    assert.deepEqual(r.scope, { searched: ['notes/b.md'], notIndexed: [] });
  });

  it("a scope the host names (a Zotero collection, whose scope is its papers' files): the progress line says its name, not the files", async () => {
    const docs = corpus();
    h = await startHarness(docs, { synthesis: 'It is 30 seconds [1].' });
    const r = await h.ask('What is the timeout?', [], {
      scope: ['notes/a.md', 'notes/b.md'],
      scopeName: librarySearchName({ collection: 'Thesis / Chapter 2' }),
    });
    const progress = r.events.filter((e) => e.type === 'progress').map((e) => e.message);
    assert.ok(progress.includes('Searching your Thesis / Chapter 2 collection…'), progress.join(' | '));
    assert.ok(!progress.some((m) => m.includes('notes/')), progress.join(' | '));
    assert.deepEqual(files(r), ['notes/a.md']);
  });

  it("a Zotero scope in the user's words: a collection, a tag, both", () => {
    assert.equal(librarySearchName({ collection: 'Thesis' }), 'your Thesis collection');
    assert.equal(librarySearchName({ tag: 'to-read' }), 'your papers tagged to-read');
    assert.equal(librarySearchName({ collection: 'Thesis', tag: 'to-read' }), 'the papers tagged to-read in your Thesis collection');
  });

  it('re-queries stay inside the scope (a re-query without the scope would reach other documents)', async () => {
    const docs = corpus();
    let n = 0;
    h = await startHarness(docs, {
      orchestrator: research({ sub_queries: ['timeout'] }),
      quality: () => grade('requery', { queries: [`timeout seconds ${++n}`] }),
    });
    await h.ask('What is the timeout?', [], { scope: ['notes/a.md'] });
    assert.equal(count(h.agents, 'quality'), 3, 'first grading + 2 re-queries');
    assert.deepEqual(
      docs.queries.map((q) => q.options?.paths),
      [['notes/a.md'], ['notes/a.md'], ['notes/a.md']],
    );
  });

  it('a folder reference covers the documents below it and nothing beside it', async () => {
    const docs = corpus();
    h = await startHarness(docs, { synthesis: 'Either 30 [1] or 45 [2] seconds.' });
    const r = await h.ask('What is the timeout?', [], { scope: ['./notes/'] });
    assert.deepEqual(files(r).sort(), ['notes/a.md', 'notes/b.md']);
  });

  it('a document the user named outside the scope does not widen the search to it', async () => {
    const docs = corpus();
    h = await startHarness(docs, {
      orchestrator: research({ sub_queries: ['timeout'], document_filters: ['other/c.md'] }),
      synthesis: 'It is 30 seconds [1].',
    });
    const r = await h.ask('What does other/c.md say the timeout is?', [], { scope: ['notes/a.md'] });
    assert.deepEqual(files(r), ['notes/a.md']);
    for (const q of docs.queries) assert.deepEqual(q.options?.paths, ['notes/a.md']);
  });

  it('nothing found under a scope: the answer says which documents were searched', async () => {
    h = await startHarness(corpus());
    const r = await h.ask('SSH hello_timeout daemon?', [], { scope: ['notes/b.md'] });
    assert.deepEqual(r.citations, []);
    assert.match(r.answer, /don't contain the answer/);
    assert.match(r.answer, /_Searched only: notes\/b\.md\._$/);
  });

  it('a referenced file that is not indexed is named in the answer; the indexed one is still searched', async () => {
    h = await startHarness(corpus(), { synthesis: 'It is 45 seconds [1].' });
    const r = await h.ask('What is the timeout?', [], { scope: ['notes/b.md', 'notes/new.md'] });
    assert.deepEqual(files(r), ['notes/b.md']);
    assert.match(r.answer, /_Not indexed yet: notes\/new\.md \(index it to search it\)\._$/);
    assert.equal(
      r.events
        .filter((e) => e.type === 'token')
        .map((e) => e.text)
        .join('')
        .endsWith(r.answer.slice(-40)),
      true,
      'the note is streamed too',
    );
  });

  it('only unindexed references: one line naming them, no search of the rest of the index', async () => {
    const docs = corpus();
    h = await startHarness(docs);
    const r = await h.ask('What is the timeout?', [], { scope: ['notes/new.md'] });
    assert.equal(r.problem?.code, 'scope-not-indexed');
    assert.match(r.answer, /^Not indexed yet: notes\/new\.md; none of the documents you referenced is in the index\./);
    assert.deepEqual(docs.queries, []);
    assert.equal(count(h.agents, 'synthesis'), 0);
  });

  it('the extractive answer (no LLM) quotes only the scoped document', async () => {
    const docs = corpus();
    const assistant = createResearchAssistant({ retriever: docs, llm: null, tracer: undefined });
    const r = await assistant.runTurn({ question: 'What is the timeout?', history: [], scope: ['notes/a.md'] });
    assert.equal(r.problem?.code, 'llm-not-configured');
    assert.deepEqual(files(r), ['notes/a.md']);
    assert.match(r.answer, /30 seconds/);
  });

  it('resolveScope: exact files, folders, Windows separators; unknown entries are reported, not guessed', () => {
    const docs = ['notes/a.md', 'notes/sub/x.pdf', 'notesextra/y.md'].map((path) => ({ path, kind: 'markdown' as const, pages: null, chunks: 1 }));
    const s = resolveScope(['notes\\sub\\', 'notesextra/y.md', 'note', 'missing.md'], docs);
    assert.deepEqual(s.documents, ['notes/sub/x.pdf', 'notesextra/y.md']);
    assert.deepEqual(s.matched, ['notes/sub', 'notesextra/y.md']);
    assert.deepEqual(s.notIndexed, ['note', 'missing.md']);
  });
});
