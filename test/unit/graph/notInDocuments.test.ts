import assert from 'node:assert/strict';
import { buildRealIndex, type RealIndex } from '../../support/realIndex';
import { ABSENCE_DOCS } from '../../support/absenceDocs';
import { count, startHarness, type Harness } from '../../support/graphHarness';
import { grade } from '../../support/scriptedAgents';
import { withTempDir } from '../../support/tempDir';

const STRETCHED = 'Use read.parquet() from the R-admin manual [1].';

describe('"not in your documents" route, against the scripted model on a real index', () => {
  let h: Harness | undefined;
  let index: RealIndex | undefined;
  afterEach(async () => {
    await h?.close();
    index?.close();
    h = undefined;
    index = undefined;
  });

  const run = (body: (dir: string) => Promise<void>) => () =>
    withTempDir(async (dir) => {
      index = await buildRealIndex(dir, ABSENCE_DOCS);
      await body(dir);
    });

  it(
    'absent and the grader agrees: the answer says so plainly, cites the closest passages, suggests a rephrase, and synthesises nothing (a model stretches unrelated passages)',
    run(async () => {
      h = await startHarness(index!.retriever, { quality: grade('fallback', { relevant: [], score: 0.1 }), synthesis: STRETCHED });
      const r = await h.ask('Which R function reads Apache Parquet files?');
      assert.equal(r.notInDocuments, true);
      assert.equal(r.route, 'fallback');
      assert.match(r.answer, /^This is not in your documents/);
      assert.match(r.answer, /Try rephrasing: None of them mentions .*"parquet"/);
      assert.ok(!r.answer.includes('read.parquet'), r.answer);
      assert.ok(r.citations.length > 0 && r.citations[0]!.file === 'r/R-admin.md', JSON.stringify(r.citations));
      assert.match(r.answer, /\[1\]\n\n— r\/R-admin\.md/);
      assert.equal(count(h.agents, 'synthesis'), 0);
    }),
  );

  it(
    'a release date no passage holds ("Debian 13 will be called trixie" shares every word): not in your documents, not the code-name passage as the answer',
    run(async () => {
      h = await startHarness(index!.retriever, {
        quality: grade('fallback', { relevant: [], score: 0.2 }),
        synthesis: 'Debian 13 trixie will be released soon [1].',
      });
      const r = await h.ask('When will Debian 13 trixie be released?');
      assert.equal(r.notInDocuments, true);
      assert.match(r.answer, /^This is not in your documents/);
      assert.ok(
        r.citations.some((c) => c.file === 'debian/developers-reference.md'),
        JSON.stringify(r.citations),
      );
      assert.equal(count(h.agents, 'synthesis'), 0);
    }),
  );

  it(
    "absent by the index but the grader finds the answer in the passages: the model's reading stands, no refusal",
    run(async () => {
      h = await startHarness(index!.retriever, { quality: grade('proceed'), synthesis: 'R_MAX_VSIZE sets the vector heap size [1].' });
      const r = await h.ask('What does the environment variable R_MAX_THREADS control?');
      assert.notEqual(r.notInDocuments, true);
      assert.equal(r.answer, 'R_MAX_VSIZE sets the vector heap size [1].');
      assert.ok(
        r.decisions.some((d) => d.decision === 'answer-anyway'),
        'the overruled verdict is in the decision trail',
      );
    }),
  );

  it(
    'the grader calls the passages weak but the index finds the question covered: answered with the weak-evidence note, never refused',
    run(async () => {
      h = await startHarness(index!.retriever, { quality: grade('fallback', { relevant: [], score: 0.1 }), synthesis: 'SRANDOM cannot be seeded [1].' });
      const r = await h.ask("Can Bash's SRANDOM variable be seeded?");
      assert.notEqual(r.notInDocuments, true);
      assert.equal(r.answer, 'SRANDOM cannot be seeded [1].');
      assert.equal(count(h.agents, 'synthesis'), 1);
    }),
  );

  it(
    'absent and the grader cannot tell (its reply is not JSON): not in your documents rather than a stretched answer',
    run(async () => {
      h = await startHarness(index!.retriever, { quality: 'this is not json', synthesis: STRETCHED });
      const r = await h.ask('Which R function reads Apache Parquet files?');
      assert.equal(r.notInDocuments, true);
      assert.match(r.answer, /^This is not in your documents/);
      assert.equal(count(h.agents, 'synthesis'), 0);
    }),
  );
});
