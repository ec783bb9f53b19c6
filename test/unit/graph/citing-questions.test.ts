/**
 * "Which papers in my library cite X?" and "What does <paper> say about X?" answered from the
 * reference links: the passages where the library's papers cite the work come first, so the
 * answer cites each citing page; with a model (scripted) and without one (quoted passages).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { indexFolder } from '../../../src/core/index';
import type { TurnEvent } from '../../../src/core/graph/api';
import { openSession, type Session, type SessionSettings } from '../../../src/core/session';
import { writeCitingLibrary } from '../../support/citingPapers';
import { startFakeOllama } from '../../support/fakeOllama';
import { scriptAgents } from '../../support/scriptedAgents';
import { withTempDir } from '../../support/tempDir';

async function indexed(dir: string): Promise<{ root: string; dbDir: string; sandwich: string; oop: string }> {
  const root = join(dir, 'library');
  const dbDir = join(dir, 'index');
  const paths = await writeCitingLibrary(root);
  const run = indexFolder({ root, dbDir, workers: 1 });
  while (!(await run.next()).done);
  return { root, dbDir, ...paths };
}

function sessionOn(root: string, dbDir: string, settings: Partial<SessionSettings>): Session {
  return openSession({
    settings: { model: { kind: 'none' }, ollamaHost: null, limits: {}, chat: { tracing: false }, embedding: { mode: 'none' }, index: {}, ...settings },
    sources: [{ kind: 'folder', label: 'library', root, dbDir }],
  });
}

const cited = (citations: ReadonlyArray<{ file: string; page?: number }>) => citations.map((c) => `${c.file} p${c.page}`);

describe('questions about citations, answered from the reference links', function () {
  this.timeout(300_000);

  it('without a model: the quoted passages are where each library paper cites the work, the first from each paper', () =>
    withTempDir(async (dir) => {
      const { root, dbDir, sandwich, oop } = await indexed(dir);
      const session = sessionOn(root, dbDir, {});
      try {
        const events: TurnEvent[] = [];
        const turn = await session.ask({ question: 'Which papers in my library cite Andrews (1991)?', history: [] }, { onEvent: (e) => events.push(e) });
        assert.deepEqual(cited(turn.citations).slice(0, 2).sort(), [`${oop} p1`, `${sandwich} p1`].sort());
        assert.match(turn.answer, /kernel estimators follow Andrews \(1991\)/);
        assert.match(turn.answer, /Newey and West \(1987\) and Andrews \(1991\)/);
        assert.ok(
          events.some((e) => e.type === 'progress' && e.message === 'Reading where 2 papers of the library cite Andrews (1991)'),
          JSON.stringify(events.filter((e) => e.type === 'progress')),
        );
      } finally {
        await session.close();
      }
    }));

  it('with a model: synthesis reads the citing passage first and cites its page; a named paper narrows to its own citations', () =>
    withTempDir(async (dir) => {
      const { root, dbDir, sandwich, oop } = await indexed(dir);
      const agents = scriptAgents({ synthesis: 'Both papers cite it [1] [2].' });
      const fake = await startFakeOllama({ chat: (body) => agents.chat(body) });
      const session = sessionOn(root, dbDir, { model: { kind: 'ollama' }, ollamaHost: fake.url });
      try {
        const turn = await session.ask({ question: 'Which papers in my library cite Zeileis (2004)?', history: [] });
        // The test's pages are short: one passage holds both of oop's citations (pp. 1-3).
        assert.deepEqual(cited(turn.citations.slice(0, 1)), [`${oop} p1`]);
        const prompt = agents.requests.synthesis[0]!.messages.map((m) => m.content).join('\n');
        assert.match(prompt, /<document n="1" file="econometrics\/oop\.pdf"[^>]*>[^<]*computed as in Zeileis \(2004\)/, 'the citing passage is passage 1');

        const narrowed = await session.ask({
          question: 'What does "Object-Oriented Computation of Sandwich Estimators" say about Andrews (1991)?',
          history: [],
        });
        assert.equal(narrowed.citations[0]!.file, oop);
        assert.ok(!narrowed.citations.some((c) => c.file === sandwich && c.index === 1));
      } finally {
        await session.close();
        await fake.close();
      }
    }));
});
