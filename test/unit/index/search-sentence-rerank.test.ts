import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chunkDocument } from '../../../src/core/index/pipeline/chunk';
import { LocalEmbedder } from '../../../src/core/index/embed/local';
import type { Embedder } from '../../../src/core/index/embed/embedder';
import { EmbedTimeoutError } from '../../../src/core/index/embed/errors';
import { LlmTimeoutError } from '../../../src/core/llm/errors';
import { createRetriever } from '../../../src/core/index/search/search';
import { openIndexStore } from '../../../src/core/index/store';
import type { ExtractedDocument } from '../../../src/core/index/types';
import { withTempDir } from '../../support/tempDir';
import type { Fused } from '../../../src/core/index/search/fusion';
import { bestSentenceTermWeights, rerankBySentences, withFusedPlaces } from '../../../src/core/index/search/sentenceRerank';
import { sentencesOf } from '../../../src/core/index/sentences';
import { MINILM_DIR } from '../../support/shared';
import { RCPP_TABLE_LINES } from '../../support/pdfTables';

interface Doc {
  id: string;
  text: string;
}

describe('sentence rerank of fused hits (real all-MiniLM-L6-v2)', function () {
  this.timeout(60_000);
  let embedder: LocalEmbedder;
  before(() => {
    // fp32 pinned: these cases were tuned on the original weights' cosines; the int8 default moves
    // 'answer' in the epsilon case to rank 2 with and without terms (8-bit weights).
    embedder = new LocalEmbedder({ modelDir: MINILM_DIR, precision: 'fp32' });
  });
  after(async () => {
    await embedder.close();
  });

  it('lifts the hit whose one sentence answers the question above a hit that is only loosely on topic', async () => {
    const offTopic: Doc = {
      id: 'budget',
      text: 'The quarterly budget meeting moved to Thursday. The treasurer chairs it, and snacks are provided in room four.',
    };
    const answer: Doc = {
      id: 'answer',
      text:
        'Chapter 3 covers installation on many platforms and lists the packages you need to build everything. ' +
        'Configuration files live in the etc folder of the installation. ' +
        'Setting the prover time limit to 0 seconds disables the time limit entirely. ' +
        'Log files are rotated every week and old ones are compressed.',
    };
    const loose: Doc = {
      id: 'loose',
      text: 'Prover settings: the memory and step limits of each prover can be configured in its section of the configuration file.',
    };
    const tail: Doc = { id: 'tail', text: 'Bread dough should rise for an hour in a warm place.' };
    // As fusion might have ranked them: the off-topic chunk first (say, by a lucky BM25 match).
    const fused: Fused<Doc>[] = [offTopic, answer, loose, tail].map((item, i) => ({ item, score: 1 / (61 + i) }));
    const query = await embedder.embedQuery('How do I turn off the prover time limit?');

    const reranked = await rerankBySentences(
      query,
      fused,
      (d) => d.text,
      (d) => d.id,
      embedder,
      { top: 3 },
    );

    assert.equal(reranked[0]!.item.id, 'answer');
    assert.equal(reranked[3]!.item.id, 'tail', 'hits past the reranked head keep their place');
    for (let i = 1; i < reranked.length; i++) assert.ok(reranked[i]!.score <= reranked[i - 1]!.score, 'scores stay in rank order');
  });

  it('weighs the sentence that holds the rare question words together, not words scattered over a chunk', () => {
    const terms = ['default', 'epsilon', 'fit', 'converged'];
    const together = ['The limit option changes the default epsilon limit (1e-5) used to detect convergence of a fit.'];
    const scattered = ['The fit command has many options.', 'Each option has a default.', 'Iterations stop when the fit converged.'];
    const pool = [together.join(' '), scattered.join(' '), 'fit default one', 'fit default two'];
    const [a, b] = bestSentenceTermWeights(terms, [together, scattered], pool);
    assert.ok(a! > b!, `${a} > ${b}`);
    // Words every candidate has weigh less than a word only one has.
    const [common] = bestSentenceTermWeights(['fit'], [['a fit']], pool);
    const [rare] = bestSentenceTermWeights(['epsilon'], [['an epsilon']], pool);
    assert.ok(rare! > common!, `${rare} > ${common}`);
  });

  it('matches a code name whole: CompleteMulti is not every "complete"', () => {
    const pool = ['the complete list', 'complete the form', 'CompleteMulti: adds an answer', 'a completed run'];
    const sentences = [['CompleteMulti: adds an answer'], ['Complete the form first']];
    const [name, word] = bestSentenceTermWeights(['CompleteMulti', 'answer'], sentences, pool, ['CompleteMulti']);
    assert.ok(name! > word!, `${name} > ${word}`);
    // Cut to a five-letter stem, the name would meet "Complete" and weigh like a common word.
    const [stemName, stemWord] = bestSentenceTermWeights(['CompleteMulti'], sentences, pool);
    assert.equal(stemName, stemWord);
  });

  it('with the question words, a hit whose one sentence has them all rises past hits that only share its topic', async () => {
    const doc = (id: string, text: string): Doc => ({ id, text });
    const fused: Fused<Doc>[] = [
      doc(
        'scattered',
        'Fit settings are many, and they are all described in the reference chapter below. Each one of these settings has a default value that suits most data sets. The fit stops when it has converged, or after a number of iterations.',
      ),
      doc('topic', 'The fit command fits a user-defined function to data points by adjusting parameters of the model.'),
      doc('answer', 'Plotting styles differ between terminals. The limit option changes the default epsilon (1e-5) that decides convergence.'),
      doc('other', 'Bread dough should rise for an hour in a warm place before baking it.'),
    ].map((item, i) => ({ item, score: 1 / (61 + i) }));
    const question = 'What default epsilon does the fit command use to decide convergence?';
    const query = await embedder.embedQuery(question);
    const terms = ['default', 'epsilon', 'fit', 'command', 'use', 'decide', 'convergence'];
    const cosineOnly = await rerankBySentences(
      query,
      fused,
      (d) => d.text,
      (d) => d.id,
      embedder,
      { top: 3 },
    );
    const withTerms = await rerankBySentences(
      query,
      fused,
      (d) => d.text,
      (d) => d.id,
      embedder,
      { top: 3, terms },
    );
    const rank = (list: Fused<Doc>[]) => list.findIndex((f) => f.item.id === 'answer');
    assert.ok(rank(withTerms) < rank(cosineOnly), `answer at ${rank(withTerms)} with terms, ${rank(cosineOnly)} without`);
  });

  it('keeps a table where the fused order put it: its rows are no sentences to rank it by', async () => {
    const doc = (id: string, text: string): Doc => ({ id, text });
    // The Rcpp article's Table 2 (the convolution example's run times).
    const table = doc('table', RCPP_TABLE_LINES.join('\n'));
    const prose = [
      'The Rcpp sugar version of the example is much shorter than the plain R API version, and it is compared in the last section.',
      'For comparison, we also show both versions of the convolution example using the standard R API, which is how fast code was written before.',
      'Lastly, the convolution example is written again with Rcpp sugar, which brings an R-like syntax to C++ code using the R API.',
    ].map((text, i) => doc(`prose${i}`, text));
    // Full-text search put the table first (its caption and rows hold the question's rarer words).
    const fused: Fused<Doc>[] = [table, ...prose].map((item, i) => ({ item, score: 1 / (61 + i) }));
    const question = 'How fast was the Rcpp sugar version of the convolution example compared with the plain R API version?';
    const reranked = await rerankBySentences(
      await embedder.embedQuery(question),
      fused,
      (d) => d.text,
      (d) => d.id,
      embedder,
      { top: 4, terms: ['fast', 'Rcpp', 'sugar', 'version', 'convolution', 'example', 'compared', 'plain', 'R', 'API'], embedPerChunk: 2 },
    );
    assert.equal(reranked[0]!.item.id, 'table', reranked.map((f) => f.item.id).join(' '));
  });

  it('puts back the hits a sentence order cannot judge at their fused places, the others in its order', () => {
    assert.deepEqual(withFusedPlaces(['d', 'c', 'b', 'a'], ['a', 'b', 'c', 'd'], [false, false, true, false]), ['d', 'b', 'c', 'a']);
    assert.deepEqual(withFusedPlaces(['b', 'c', 'a'], ['a', 'b', 'c'], [true, false, false]), ['a', 'b', 'c']);
  });

  it('splits a chunk into sentences, joining fragments and cutting long runs', () => {
    const pieces = sentencesOf(
      'Options\n--timelimit\nSets the time limit of the prover in seconds. Zero disables it entirely, which is useful.\n' + 'x'.repeat(700),
    );
    assert.equal(pieces[0], 'Options --timelimit Sets the time limit of the prover in seconds.');
    assert.ok(pieces.every((p) => p.length <= 300));
    assert.equal(
      pieces.join('').replace(/\s/g, '').length,
      'Options--timelimitSetsthetimelimitoftheproverinseconds.Zerodisablesitentirely,whichisuseful.'.length + 700,
    );
  });

  it('the cosine order lifts an answer worded differently from the question above a hit that only shares its words', async () => {
    const question = 'How do I stop the program from printing colours?';
    const terms = ['stop', 'program', 'printing', 'colours'];
    const fused: Fused<Doc>[] = [
      { id: 'summary', text: 'The program writes a short summary when it finishes its run. Warnings go to the error stream, one per line.' },
      {
        id: 'answer',
        text: 'Set NO_COLOR=1 in the environment and the program writes plain monochrome output without escape sequences. This works in every terminal.',
      },
      { id: 'sign', text: 'The colours of the stop sign printed on page two of the programme are red and white.' },
    ].map((item, i) => ({ item, score: 1 / (61 + i) }));
    const query = await embedder.embedQuery(question);
    const order = async (embedPerChunk: number) =>
      (
        await rerankBySentences(
          query,
          fused,
          (d) => d.text,
          (d) => d.id,
          embedder,
          { top: 3, terms, embedPerChunk },
        )
      ).map((f) => f.item.id);
    // Fused order: summary, answer, sign. The words alone lift the stop sign over the answer (three
    // question words in one sentence, none of them meant); the answer's sentence means the question.
    assert.deepEqual(await order(0), ['summary', 'sign', 'answer']);
    assert.deepEqual(await order(2), ['summary', 'answer', 'sign']);
  });

  it('hybrid search embeds the 2 richest sentences per reranked hit, once per retriever', async () => {
    await withTempDir(async (dir) => {
      const docs: ExtractedDocument[] = [
        {
          path: 'prover.md',
          kind: 'markdown',
          pages: ['# Options\n\nThe --timelimit option sets the prover time limit. Setting it to 0 disables the limit.'],
          warnings: [],
        },
        { path: 'budget.md', kind: 'markdown', pages: ['# Budget\n\nThe quarterly budget meeting is chaired by the treasurer.'], warnings: [] },
      ];
      const store = await openIndexStore(join(dir, 'idx'), { create: true });
      try {
        await store.configureEmbedding(embedder.id, await embedder.probe(), embedder.modelDir);
        for (const doc of docs) {
          const chunks = chunkDocument(doc);
          const document = { path: doc.path, kind: doc.kind, size: 1, mtimeMs: 1, contentHash: doc.path, pages: null, warnings: [] };
          await store.replaceDocument({ document, chunks, vectors: await embedder.embed(chunks.map((c) => c.text)) });
        }
        await store.optimize();
        // The real embedder, counting the texts it is asked to embed beyond the question itself.
        let batchTexts = 0;
        const counting: Embedder = Object.assign(Object.create(embedder) as Embedder, {
          embed: (texts: string[], signal?: AbortSignal) => ((batchTexts += texts.length), embedder.embed(texts, signal)),
          embedQuery: (text: string, signal?: AbortSignal) => embedder.embedQuery(text, signal),
        });
        const question = 'How do I disable the prover time limit?';
        const retriever = createRetriever(store, counting);
        const hits = await retriever.search(question, { k: 2, mode: 'hybrid' });
        assert.equal(hits[0]?.path, 'prover.md');
        // prover.md has 2 sentences, budget.md 1: all 3 embedded (at most 2 per hit).
        assert.equal(batchTexts, 3, 'the sentences of the fused hits were embedded');
        // A re-query in the same turn meets the same sentences: their vectors come from memory.
        assert.deepEqual(
          (await retriever.search(question, { k: 2, mode: 'hybrid' })).map((h) => h.path),
          hits.map((h) => h.path),
        );
        assert.equal(batchTexts, 3, 'nothing embedded again');
        batchTexts = 0;
        const lexical = await createRetriever(store, counting, { sentenceVectors: 0 }).search(question, { k: 2, mode: 'hybrid' });
        assert.equal(lexical[0]?.path, 'prover.md');
        assert.equal(batchTexts, 0, 'lexical rerank only: nothing embedded beyond the question');

        // The model server stalls after answering the question's vector: the first query waits out
        // its limit once; the next ones skip the vector side instead of waiting again.
        let calls = 0;
        const stalling: Embedder = Object.assign(Object.create(embedder) as Embedder, {
          embed: async () => {
            calls++;
            throw new EmbedTimeoutError(new LlmTimeoutError('http://127.0.0.1:9', 'embedMs', 1000));
          },
          embedQuery: (text: string, signal?: AbortSignal) => (calls++, embedder.embedQuery(text, signal)),
        });
        const stalled = createRetriever(store, stalling);
        assert.equal((await stalled.search('Which option disables the prover limit?', { k: 2, mode: 'hybrid' }))[0]?.path, 'prover.md');
        assert.equal(calls, 2, 'the question, then the sentences, which time out');
        assert.equal((await stalled.search('Who chairs the budget meeting?', { k: 2 }))[0]?.path, 'budget.md');
        assert.equal(calls, 2, 'the next query is full-text only: nothing waits on the stalled server again');
      } finally {
        store.close();
      }
    });
  });
});
