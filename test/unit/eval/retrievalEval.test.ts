import assert from 'node:assert/strict';
import {
  aggregate,
  evaluateRetrieval,
  hitFindsSource,
  parseQuestions,
  QuestionFileError,
  scoreItem,
  type EvalQuestion,
} from '../../../src/core/eval/retrievalEval';
import type { Provenance, Retriever, SearchHit } from '../../../src/core/index/types';
import { ABSENCE_DOCS } from '../../support/absenceDocs';
import { buildRealIndex } from '../../support/realIndex';
import { withTempDir } from '../../support/tempDir';

const pdfHit = (path: string, pageStart: number, pageEnd = pageStart): Provenance => ({ path, pageStart, pageEnd, lineStart: null, lineEnd: null });
const textHit = (path: string, lineStart: number, lineEnd: number): Provenance => ({ path, pageStart: null, pageEnd: null, lineStart, lineEnd });

const factual: EvalQuestion = { id: 'f1', kind: 'factual', question: 'q', sources: [{ file: 'a.pdf', pages: [95], lines: null }] };
const multiHop: EvalQuestion = {
  id: 'm1',
  kind: 'multi-hop',
  question: 'q',
  sources: [
    { file: 'x.md', pages: [], lines: [40, 42] },
    { file: 'b.pdf', pages: [8, 11], lines: null },
  ],
};

describe('retrieval scoring', () => {
  it('matches a hit to a source by file and overlapping pages or lines', () => {
    assert.ok(hitFindsSource(pdfHit('a.pdf', 94, 95), factual.sources[0]!));
    assert.ok(hitFindsSource(pdfHit('a.pdf', 95), factual.sources[0]!));
    assert.ok(!hitFindsSource(pdfHit('a.pdf', 96, 97), factual.sources[0]!));
    assert.ok(!hitFindsSource(pdfHit('other.pdf', 95), factual.sources[0]!));
    const lines = multiHop.sources[0]!;
    assert.ok(hitFindsSource(textHit('x.md', 30, 40), lines));
    assert.ok(hitFindsSource(textHit('x.md', 42, 60), lines));
    assert.ok(!hitFindsSource(textHit('x.md', 43, 60), lines));
    // Pages 8 and 11 are two places, not the range 8-11.
    assert.ok(!hitFindsSource(pdfHit('b.pdf', 9, 10), multiHop.sources[1]!));
  });

  it('scores hit@k, MRR and all-sources for multi-hop items', () => {
    const f = scoreItem(factual, [pdfHit('z.pdf', 1), pdfHit('a.pdf', 95)]);
    assert.equal(f.firstRank, 2);
    const m = scoreItem(multiHop, [pdfHit('b.pdf', 11), ...Array.from({ length: 8 }, (_, i) => pdfHit('z.pdf', i)), textHit('x.md', 41, 41)]);
    assert.deepEqual(m.sourceRanks, [10, 1]);
    const miss = scoreItem({ ...factual, id: 'f2' }, [pdfHit('z.pdf', 1)]);
    const unanswerable = scoreItem({ id: 'u', kind: 'unanswerable', question: 'q', sources: [] }, [pdfHit('z.pdf', 1)]);
    const scores = aggregate([f, m, miss, unanswerable]);
    assert.equal(scores.questions, 3, 'items without sources are not scored');
    assert.equal(scores.hit_at_1, 0.3333);
    assert.equal(scores.hit_at_5, 0.6667);
    assert.equal(scores.mrr_at_10, 0.5); // (1/2 + 1 + 0) / 3
    assert.equal(scores.all_sources_hit_at_10, 1);
    assert.equal(aggregate([scoreItem(multiHop, [pdfHit('b.pdf', 8)])]).all_sources_hit_at_10, 0);
  });

  it('parses the question file format and names the bad line', () => {
    const jsonl = [
      JSON.stringify({ id: 'q1', kind: 'factual', question: 'a?', sources: [{ file: 'a.pdf', pages: [3] }] }),
      '',
      JSON.stringify({ id: 'q2', kind: 'factual', question: 'b?', sources: [{ file: 'n.md', pages: [], lines: [4, 5] }] }),
      JSON.stringify({ id: 'q3', kind: 'vague', question: 'c?', sources: [] }),
    ].join('\n');
    const questions = parseQuestions(jsonl);
    assert.deepEqual(
      questions.map((q) => q.id),
      ['q1', 'q2', 'q3'],
    );
    assert.deepEqual(questions[1]!.sources[0], { file: 'n.md', pages: [], lines: [4, 5] });
    assert.throws(
      () => parseQuestions('{"id":"q1","question":"x"}\n{oops'),
      (e) => e instanceof QuestionFileError && e.message.startsWith('line 2'),
    );
    assert.throws(() => parseQuestions('{"question":"x"}'), QuestionFileError);
  });

  it('reads conversation items (the dev-conversations format) by their last user turn', () => {
    const conversation = {
      id: 'c1',
      kind: 'conversation',
      sources: [{ file: 'erlang/ssh.pdf', pages: [28] }],
      turns: [
        { role: 'user', content: "What's the default timeout?", expected: 'clarify' },
        { role: 'user', content: 'I mean the hello_timeout of an SSH daemon.', expected: 'answer' },
      ],
    };
    const [item] = parseQuestions(JSON.stringify(conversation));
    assert.deepEqual([item!.id, item!.kind, item!.question], ['c1', 'conversation', 'I mean the hello_timeout of an SSH daemon.']);
    assert.throws(() => parseQuestions(JSON.stringify({ id: 'c2', kind: 'conversation', turns: [] })), QuestionFileError);
  });

  it('runs questions through a retriever and skips those with nothing to retrieve', async () => {
    const asked: string[] = [];
    const retriever: Retriever = {
      async search(query, options) {
        asked.push(`${query}@${options?.k}`);
        const hit: SearchHit = { ...pdfHit('a.pdf', 95), id: '1', heading: null, text: 't', score: 1 };
        return [hit];
      },
      listDocuments: async () => [],
      stats: async () => ({ documents: 0, chunks: 0, embeddingModel: null, dimension: null, lastIndexedAt: null }),
    };
    const report = await evaluateRetrieval(retriever, [factual, { id: 'v', kind: 'vague', question: 'vague?', sources: [] }], { k: 5 });
    assert.deepEqual(asked, ['q@10'], 'asks for at least 10 so hit@10 and MRR@10 are defined');
    assert.equal(report.hit_at_1, 1);
    assert.equal(report.items.length, 1);
  });

  it('reports the unanswerable items flagged "not in your documents" and the answerable ones falsely refused, on a real index', () =>
    withTempDir(async (dir) => {
      const index = await buildRealIndex(dir, ABSENCE_DOCS);
      try {
        const questions: EvalQuestion[] = [
          { id: 'a1', kind: 'factual', question: "Can Bash's SRANDOM variable be seeded?", sources: [{ file: 'bash/bashref.md', pages: [], lines: [3, 5] }] },
          {
            id: 'a2',
            kind: 'factual',
            question: 'What does the environment variable R_MAX_VSIZE set?',
            sources: [{ file: 'r/R-admin.md', pages: [], lines: [1, 3] }],
          },
          { id: 'u1', kind: 'unanswerable', question: 'Which R function reads Apache Parquet files?', sources: [] },
          { id: 'u2', kind: 'unanswerable', question: 'What does the environment variable R_MAX_THREADS control?', sources: [] },
          { id: 'v1', kind: 'vague', question: 'What is the default?', sources: [] },
        ];
        const report = await evaluateRetrieval(index.retriever, questions);
        assert.deepEqual(report.absence, { unanswerable: 2, flagged: 1, answerable: 2, false_refusals: 0, flagged_ids: ['u1', 'u2'], false_refusal_ids: [] });
        assert.equal(report.hit_at_5, 1, 'searching the unanswerable items changes no retrieval score');
        const refusing = { ...index.retriever, assessAbsence: async () => ({ absent: true, confidence: 1, reason: 'test', missing: [] }) };
        const refused = await evaluateRetrieval(refusing, questions);
        assert.deepEqual([refused.absence?.false_refusals, refused.absence?.false_refusal_ids], [1, ['a1', 'a2']]);
      } finally {
        index.close();
      }
    }));
});
