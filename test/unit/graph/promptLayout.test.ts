/**
 * Requests laid out for a model server's prompt cache (Ollama, llama.cpp and vLLM reuse the
 * longest common prefix of the previous request): what the calls of a turn share comes first and
 * byte for byte the same, what differs after it.
 */
import assert from 'node:assert/strict';
import { memoryRetriever } from '../../support/memoryRetriever';
import { startHarness, type Harness } from '../../support/graphHarness';
import type { ChatRequestBody } from '../../support/fakeOllama';
import { grade } from '../../support/scriptedAgents';

const QUESTION = 'What is the default hello_timeout of the SSH daemon?';
const docs = memoryRetriever([
  { path: 'erlang/ssh.pdf', page: 28, heading: 'hello_timeout', text: 'hello_timeout: the default value is 30 seconds for the SSH daemon.' },
  { path: 'erlang/ssh.pdf', page: 29, text: 'The SSH daemon closes the connection when hello_timeout passes without a hello.' },
  { path: 'notes/todo.md', lines: [1, 3], text: 'Check the SSH default timeout before the release.' },
]);

const contentOf = (body: ChatRequestBody, role: string) =>
  body.messages
    .filter((m) => m.role === role)
    .map((m) => m.content)
    .join('\n');

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

describe('prompt layout for the prefix cache', () => {
  let h: Harness | undefined;
  afterEach(async () => h?.close());

  it('grading, the answer and its check open with the same system message, the passages before any instruction, question or draft', async () => {
    h = await startHarness(docs, { quality: grade('proceed', { relevant: [1, 2] }), synthesis: 'It is 30 seconds [1].' });
    await h.ask(QUESTION);
    const [quality, synthesis, validation] = [h.agents.requests.quality[0]!, h.agents.requests.synthesis[0]!, h.agents.requests.validation[0]!];
    const system = quality.messages[0]!;
    assert.equal(system.role, 'system');
    assert.match(system.content, /<document n="1"[\s\S]*<document n="2"[\s\S]*<document n="3"/);
    assert.equal(synthesis.messages[0]!.content, system.content, 'the answer is sent the block grading was sent, byte for byte');
    assert.equal(validation.messages[0]!.content, system.content, 'the check is sent the same block');
    assert.ok(!system.content.includes('hello_timeout of the SSH daemon?'), 'the question comes after the passages');
    for (const body of [quality, synthesis, validation]) {
      assert.deepEqual(
        body.messages.map((m) => m.role),
        ['system', 'user'],
      );
      assert.ok(contentOf(body, 'user').includes(QUESTION), 'the question is in the user message');
      assert.ok(!contentOf(body, 'user').includes('<document n='), 'no passage after the instruction');
    }
    assert.match(contentOf(validation, 'user'), /<draft>\nIt is 30 seconds \[1\]\.\n<\/draft>/);
    assert.match(contentOf(synthesis, 'user'), /graded passages 1 and 2 as relevant/);
  });

  it('every request of a turn opens with the same preamble, the orchestrator included', async () => {
    h = await startHarness(docs);
    await h.ask(QUESTION);
    const orchestrator = h.agents.requests.orchestrator[0]!.messages[0]!.content;
    const quality = h.agents.requests.quality[0]!.messages[0]!.content;
    const shared = orchestrator.slice(0, commonPrefix(orchestrator, quality));
    assert.match(shared, /^You work for a research assistant that answers questions ONLY from the user's own documents[\s\S]*DATA[\s\S]*\n$/);
  });

  it("the orchestrator's instructions and library come before the date and the papers the question names", async () => {
    h = await startHarness(docs);
    await h.ask(QUESTION);
    await h.ask('Which document mentions the release?');
    const [first, second] = h.agents.requests.orchestrator.map((b) => b.messages[0]!.content);
    const library = first!.indexOf('- erlang/ssh.pdf');
    assert.ok(library > 0 && library < first!.indexOf('Today is') && first!.indexOf('Today is') < first!.indexOf('Papers the latest question names'));
    assert.ok(commonPrefix(first!, second!) > first!.indexOf('- notes/todo.md'), 'a small library is listed whole, the same for every question');
  });

  it('synthesis keeps the order grading saw, whatever grading called relevant', async () => {
    h = await startHarness(docs, { quality: grade('proceed', { relevant: [3] }), synthesis: 'Check it [3].' });
    const r = await h.ask(QUESTION);
    const numbersIn = (body: ChatRequestBody) => [...body.messages[0]!.content.matchAll(/<document n="(\d+)" file="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    assert.deepEqual(numbersIn(h.agents.requests.synthesis[0]!), numbersIn(h.agents.requests.quality[0]!));
    assert.equal(r.citations[0]!.file, 'notes/todo.md', 'a citation names the passage of its number');
    assert.match(contentOf(h.agents.requests.synthesis[0]!, 'user'), /graded passage 3 as relevant/);
  });
});
