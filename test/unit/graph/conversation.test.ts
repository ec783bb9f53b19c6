/**
 * Multi-turn routing on the REAL index (the project's indexer + LanceDB + retriever), with the
 * conversation carried as a host carries it: with our metadata, or without it.
 */
import assert from 'node:assert/strict';
import { withTempDir } from '../../support/tempDir';
import { buildRealIndex } from '../../support/realIndex';
import { count, startHarness, turnHistory } from '../../support/graphHarness';
import { clarify } from '../../support/scriptedAgents';
import type { HistoryTurn } from '../../../src/core/graph/api';

export const corpus = {
  'erlang/ssh.md':
    '# Erlang SSH daemon options\n\n## hello_timeout\n\nIf the client fails to send the first ssh message after a tcp connection setup within this time (in milliseconds), the connection is closed.\nThe default value is 30 seconds.\n',
  'bash/read.md':
    '# Bash read builtin\n\n## read -t timeout\n\nCause read to time out and return failure if a complete line of input is not read within timeout seconds.\n',
  'debian/install.md': '# Installing Debian 12\n\n## Memory\n\nWith a graphical desktop you need at least 1 gigabyte of RAM; 2 gigabytes are recommended.\n',
};

describe('conversations on the real index', function () {
  this.timeout(60_000);

  it('three vague turns WITHOUT our metadata: clarify, clarify, then research by the counter (layers 1 and 3 only)', () =>
    withTempDir(async (dir) => {
      const index = await buildRealIndex(dir, corpus);
      const h = await startHarness(index.retriever, { orchestrator: clarify('which program') });
      try {
        let history: HistoryTurn[] = [];
        const questions = ["What's the default timeout?", 'The timeout, the default one?', 'Just tell me the default timeout'];
        const results = [];
        for (const q of questions) {
          const r = await h.ask(q, history);
          results.push(r);
          history = [...history, ...turnHistory(q, r, false)];
        }
        assert.deepEqual(
          results.map((r) => r.route),
          ['clarification', 'clarification', 'answer'],
        );
        assert.deepEqual(
          results.map((r) => r.metadata.clarificationCount),
          [1, 2, 0],
        );
        assert.equal(count(h.agents, 'orchestrator'), 2, 'the third turn is decided by the counter, without the LLM');
        assert.match(results[2].decisions.find((d) => d.agent === 'orchestrator')!.reason, /^layer 1/);
        assert.ok(results[2].citations.length > 0);
      } finally {
        await h.close();
        index.close();
      }
    }));

  it('WITH our metadata: a reply to our clarification researches by layer 2 (zero routing calls, count unchanged); a later vague question clarifies again and reaches the limit', () =>
    withTempDir(async (dir) => {
      const index = await buildRealIndex(dir, corpus);
      const h = await startHarness(index.retriever, {
        orchestrator: clarify('which program'),
        'query-analysis': JSON.stringify({
          intent: 'factual',
          standalone_question: 'default hello_timeout of the Erlang SSH daemon',
          sub_queries: ['hello_timeout default'],
          document_filters: ['erlang/ssh.md'],
        }),
        synthesis: 'The default hello_timeout is 30 seconds [1].',
      });
      try {
        let history: HistoryTurn[] = [];
        const t1 = await h.ask("What's the default timeout?", history);
        history = [...history, ...turnHistory("What's the default timeout?", t1, true)];
        assert.equal(t1.route, 'clarification');
        assert.equal(t1.metadata.clarificationCount, 1);

        const before = count(h.agents, 'orchestrator');
        const t2 = await h.ask('I mean the hello_timeout of an Erlang/OTP SSH daemon.', history);
        history = [...history, ...turnHistory('I mean the hello_timeout of an Erlang/OTP SSH daemon.', t2, true)];
        assert.equal(count(h.agents, 'orchestrator'), before, 'layer 2 makes no routing LLM call');
        assert.equal(t2.route, 'answer');
        assert.equal(t2.metadata.clarificationCount, 1, 'count unchanged by layer 2');
        assert.match(t2.decisions.find((d) => d.agent === 'orchestrator')!.reason, /^layer 2/);
        assert.equal(t2.llmCalls, 4, 'query analysis, quality, synthesis, validation: no routing call');
        assert.deepEqual(
          t2.citations.map((c) => c.file),
          ['erlang/ssh.md'],
        );
        assert.match(h.agents.requests['query-analysis'][0].messages[0].content, /What's the default timeout\?/, 'query analysis sees the original question');

        const t3 = await h.ask('And what about the stack size?', history);
        history = [...history, ...turnHistory('And what about the stack size?', t3, true)];
        assert.equal(t3.route, 'clarification');
        assert.equal(t3.metadata.clarificationCount, 2, 'reaches the limit');

        const t4 = await h.ask('Whatever, any of them', history);
        assert.equal(t4.route, 'answer');
        assert.equal(t4.metadata.clarificationCount, 0);
        assert.match(t4.decisions.find((d) => d.agent === 'orchestrator')!.reason, /^layer 1/);
        assert.equal(t1.metadata.conversationId, t4.metadata.conversationId);
      } finally {
        await h.close();
        index.close();
      }
    }));

  it('answers with citations mapped to file and lines from the real index', () =>
    withTempDir(async (dir) => {
      const index = await buildRealIndex(dir, corpus);
      const h = await startHarness(index.retriever, { synthesis: 'You need at least 1 GB of RAM, 2 GB recommended [1].' });
      try {
        const r = await h.ask('How much RAM does Debian 12 need with a desktop?');
        assert.equal(r.route, 'answer');
        assert.equal(r.citations.length, 1);
        assert.equal(r.citations[0].file, 'debian/install.md');
        assert.ok(r.citations[0].lines && r.citations[0].lines[0] >= 1);
        const synthesis = h.agents.requests.synthesis[0].messages[0].content;
        assert.match(synthesis, /<document n="1" file="debian\/install\.md"/);
      } finally {
        await h.close();
        index.close();
      }
    }));
});
