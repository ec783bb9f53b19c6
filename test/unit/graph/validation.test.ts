import assert from 'node:assert/strict';
import { memoryRetriever } from '../../support/memoryRetriever';
import { count, startHarness, type Harness } from '../../support/graphHarness';
import { verdict } from '../../support/scriptedAgents';

const docs = memoryRetriever([{ path: 'erlang/ssh.pdf', page: 28, text: 'hello_timeout: the default value is 30 seconds.' }]);

describe('validation: grounding and relevance with bounded regeneration', () => {
  let h: Harness | undefined;
  afterEach(async () => h?.close());

  it('regenerates with the feedback at most twice, then returns the best answer with a visible caveat', async () => {
    h = await startHarness(docs, {
      synthesis: ['Draft one says 60 seconds [1].', 'Draft two says 30 seconds [1].', 'Draft three says 45 seconds [1].'],
      validation: [
        JSON.stringify({ grounded: false, relevant: true, score: 0.2, unsupported: ['60 seconds'], feedback: 'The passage says 30 seconds, not 60.' }),
        JSON.stringify({ grounded: false, relevant: true, score: 0.4, unsupported: [], feedback: 'Cite more precisely.' }),
        JSON.stringify({ grounded: false, relevant: true, score: 0.1, unsupported: ['45 seconds'], feedback: 'Wrong value again.' }),
      ],
    });
    const r = await h.ask('What is the default hello_timeout?');
    assert.equal(count(h.agents, 'synthesis'), 3);
    assert.equal(count(h.agents, 'validation'), 3);
    assert.match(h.agents.requests.synthesis[1].messages.at(-1)!.content, /A reviewer rejected your previous draft: The passage says 30 seconds, not 60\./);
    assert.ok(r.answer.startsWith('Draft two says 30 seconds [1].'), 'the best-scored attempt is returned');
    assert.match(r.answer, /Caveat: this answer could not be fully verified/);
    assert.equal(r.citations.length, 1);
    const resets = r.events.filter((e) => e.type === 'reset').length;
    assert.equal(resets, 3, 'one per regeneration, one to switch back to the best attempt');
    const streamedAfterLastReset = r.events
      .slice(r.events.map((e) => e.type).lastIndexOf('reset') + 1)
      .filter((e) => e.type === 'token')
      .map((e) => (e as { text: string }).text)
      .join('');
    assert.equal(streamedAfterLastReset, r.answer, 'what the host shows after the last reset is the final answer');
    assert.equal(
      r.decisions
        .filter((d) => d.agent === 'validation')
        .map((d) => d.decision)
        .join(','),
      'retry,retry,caveat',
    );
  });

  it('passes a grounded answer through unchanged after one check', async () => {
    h = await startHarness(docs, { validation: verdict(true) });
    const r = await h.ask('What is the default hello_timeout?');
    assert.equal(count(h.agents, 'validation'), 1);
    assert.doesNotMatch(r.answer, /Caveat/);
  });

  it('a failing validator never blocks the answer', async () => {
    h = await startHarness(docs, { validation: { content: '', status: 500 } });
    const r = await h.ask('What is the default hello_timeout?');
    assert.equal(r.route, 'answer');
    assert.equal(count(h.agents, 'synthesis'), 1);
    assert.match(r.decisions.at(-1)!.reason, /validator failed/);
  });

  it('can be switched off (validate: false)', async () => {
    h = await startHarness(docs, {}, { config: { validate: false } });
    const r = await h.ask('What is the default hello_timeout?');
    assert.equal(count(h.agents, 'validation'), 0);
    assert.equal(r.llmCalls, 3);
  });

  it('checks the passages the answer was given, dropping uncited ones from the end when the draft leaves too little room', async () => {
    const many = memoryRetriever(
      Array.from({ length: 8 }, (_, i) => ({
        path: `doc${i}.md`,
        lines: [1, 50] as [number, number],
        text: `hello_timeout default ${i} ` + 'more words '.repeat(120),
      })),
    );
    const longDraft = 'It is 30 seconds [3]. ' + 'More detail follows here. '.repeat(210);
    h = await startHarness(many, { synthesis: longDraft }, { fake: { contextLength: 3500 } });
    await h.ask('What is the default hello_timeout?');
    const numbersIn = (text: string) => [...text.matchAll(/<document n="(\d+)"/g)].map((m) => Number(m[1]));
    const answered = numbersIn(h.agents.requests.synthesis[0].messages[0].content);
    const checked = numbersIn(h.agents.requests.validation[0].messages[0].content);
    assert.ok(answered.length >= 4, `the answer was given ${answered.length} passages`);
    assert.ok(checked.includes(3), `the cited passage is checked, with its own number: ${checked}`);
    assert.ok(checked.length < answered.length, `${checked.length} of ${answered.length} passages fit beside the draft`);
    assert.ok(!checked.includes(2), `an uncited passage before the cited one gave way: ${checked}`);
    assert.deepEqual(
      checked,
      [...checked].sort((a, b) => a - b),
      'in the order the answer saw them',
    );
    assert.equal(checked[0], 1, "the block opens as the answer's did");
  });

  it('the worst case (always re-query, never validated) still ends within its bounds, far below the recursion limit', async () => {
    let n = 0;
    h = await startHarness(docs, {
      quality: () => JSON.stringify({ relevant: [1], score: 0.5, verdict: 'requery', queries: [`q${++n}`], reason: 'more' }),
      validation: verdict(false, 'still wrong'),
    });
    const r = await h.ask('What is the default hello_timeout?');
    assert.equal(r.route, 'answer');
    assert.equal(count(h.agents, 'quality'), 3);
    assert.equal(count(h.agents, 'synthesis'), 3);
    assert.equal(count(h.agents, 'validation'), 3);
    assert.equal(r.llmCalls, 1 + 3 + 3 + 3);
    assert.match(r.answer, /Caveat/);
  });
});
