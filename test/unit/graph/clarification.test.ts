import assert from 'node:assert/strict';
import { memoryRetriever } from '../../support/memoryRetriever';
import { startHarness, type Harness } from '../../support/graphHarness';
import { clarify } from '../../support/scriptedAgents';

const docs = memoryRetriever([
  { path: 'erlang/ssh.pdf', page: 28, heading: 'hello_timeout', text: 'hello_timeout default timeout value is 30 seconds.' },
  { path: 'bash/bashref.pdf', page: 60, heading: 'read', text: 'read -t timeout: time out if input is not complete.' },
  { path: 'debian/install.pdf', page: 24, text: 'Installation requires 1 GB of RAM.' },
]);

describe('clarification agent', () => {
  let h: Harness | undefined;
  afterEach(async () => h?.close());

  it('asks one targeted question with 2-4 options, grounded in where the words occur in the index', async () => {
    h = await startHarness(docs, {
      orchestrator: clarify('which program the timeout belongs to'),
      clarification: JSON.stringify({
        question: 'Which timeout do you mean?',
        options: [
          { label: 'Erlang SSH hello_timeout', prompt: 'What is the default hello_timeout of the Erlang SSH daemon?' },
          { label: 'Bash read -t', prompt: 'What does read -t do in Bash?' },
          { label: 'a', prompt: 'b' },
          { label: 'c', prompt: 'd' },
          { label: 'e', prompt: 'f' },
        ],
      }),
    });
    const r = await h.ask("What's the default timeout?");
    assert.equal(r.answer, 'Which timeout do you mean?');
    assert.equal(r.followups.length, 4, 'at most 4 options');
    assert.equal(r.followups[0].prompt, 'What is the default hello_timeout of the Erlang SSH daemon?');
    const prompt = h.agents.requests.clarification[0].messages[0].content;
    assert.match(prompt, /erlang\/ssh\.pdf, p\. 28 \(section: hello_timeout\)/);
    assert.match(prompt, /bash\/bashref\.pdf, p\. 60/);
    const excerpts = /<excerpts>([\s\S]*)<\/excerpts>/.exec(prompt)![1]!;
    assert.doesNotMatch(excerpts, /debian/, 'only where the words occur');
    assert.match(prompt, /which program the timeout belongs to/);
    assert.equal(h.agents.requests.clarification[0].options?.temperature, 0.5);
  });

  it('falls back to a generic question whose options still come from the index', async () => {
    h = await startHarness(docs, { orchestrator: clarify(), clarification: { content: '', status: 500 } });
    const r = await h.ask("What's the default timeout?");
    assert.equal(r.route, 'clarification');
    assert.match(r.answer, /Could you say a bit more/);
    assert.deepEqual(r.followups.map((f) => f.label).sort(), ['In bashref', 'In ssh']);
    assert.ok(r.followups.every((f) => f.prompt.startsWith("What's the default timeout (in ")));
    assert.match(r.decisions.at(-1)!.reason, /generic question/);
  });
});
