/**
 * An OpenAI-compatible model server (`--provider openai-compatible --base-url …`, key in
 * RESEARCH_API_KEY) through the CLI as a user runs it: indexing with its embeddings, `ask` answered
 * by its chat with citations, switching provider, and the one line saying what leaves the machine.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TIMEOUT_ANSWER, TIMEOUT_QUESTION, writeTimeoutDocs } from '../../support/timeoutDocs';
import { buildOnce, runCli } from '../../support/cli';
import { startFakeOllama, type FakeOllama } from '../../support/fakeOllama';
import { startFakeOpenAi, type FakeOpenAi } from '../../support/fakeOpenAi';
import { scriptAgents, type ScriptedAgents } from '../../support/scriptedAgents';

const KEY = 'sk-team-7f3a9c';
const QUESTION = TIMEOUT_QUESTION;
const ANSWER = TIMEOUT_ANSWER;

describe('CLI on an OpenAI-compatible model server', function () {
  this.timeout(120_000);
  let server: FakeOpenAi;
  let ollama: FakeOllama;
  let agents: ScriptedAgents;
  let root: string;
  let docs: string;

  before(async () => {
    await buildOnce();
    server = await startFakeOpenAi({ apiKey: KEY, models: ['qwen2.5-7b-instruct', 'bge-small'], chat: (body) => agents.chat(body) });
    ollama = await startFakeOllama();
    root = await mkdtemp(join(tmpdir(), 'lra-openai-'));
    docs = await writeTimeoutDocs(root);
  });
  after(async () => {
    await server?.close();
    await ollama?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    agents = scriptAgents({ synthesis: ANSWER });
  });

  const flags = () => ['--provider', 'openai-compatible', '--base-url', server.url];
  const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(args, { env: { OLLAMA_HOST: ollama.url, RESEARCH_API_KEY: KEY, ...env } });

  it('index with Ollama, then with the server: its embeddings replace the old ones once, with one notice; a rerun re-embeds nothing', async () => {
    const first = await cli(['index', docs, '--embed', 'ollama']);
    assert.equal(first.code, 0, first.stderr);
    const switched = await cli(['index', docs, '--embed-model', 'bge-small', ...flags()]);
    assert.equal(switched.code, 0, switched.stderr);
    assert.match(switched.stderr, /^embeddings: auto: model server at http:\/\/127\.0\.0\.1:\d+\/v1, model bge-small$/m);
    assert.match(
      switched.stdout,
      /^note: embedding model changed from ollama:nomic-embed-text to openai:bge-small: the new index is built beside the current one, .*nothing is read again/m,
    );
    // The stored passages get the server's vectors; no document is read again.
    assert.match(switched.stdout, /files: 2 \(0 indexed, 2 unchanged/);
    const embedded = server.requests.filter((r) => r.path === '/v1/embeddings');
    assert.ok(
      embedded.some((r) => r.body.input.some((t: string) => t.includes('hello_timeout'))),
      'the chunks went to the server',
    );
    assert.ok(embedded.every((r) => r.authorization === `Bearer ${KEY}`));
    const again = await cli(['index', docs, '--embed-model', 'bge-small', ...flags()]);
    assert.doesNotMatch(again.stdout, /embedding model changed/);
    assert.match(again.stdout, /files: 2 \(0 indexed, 2 unchanged/);
  });

  it('ask: the server answers with citations; the query is embedded there too; no notice for a server on this machine', async () => {
    const embedsBefore = server.requests.filter((r) => r.path === '/v1/embeddings').length;
    const r = await cli(['ask', docs, QUESTION, '--json', '--model', 'qwen2.5-7b-instruct', ...flags()]);
    assert.equal(r.code, 0, r.stderr);
    const turn = JSON.parse(r.stdout);
    assert.equal(turn.route, 'answer');
    assert.equal(turn.answer, ANSWER);
    assert.equal(turn.citations[0].file, 'ssh.md');
    assert.ok(agents.asked.includes('synthesis'));
    assert.ok(server.requests.filter((q) => q.path === '/v1/embeddings').length > embedsBefore, 'hybrid search embedded the query on the server');
    assert.equal(ollama.chatRequests().length, 0, 'Ollama was not asked');
    assert.equal(r.stderr, '', 'nothing leaves this machine: no note');
  });

  it("an index with the server's vectors, searched without the server configured: full-text hits and one line naming the flags", async () => {
    const r = await cli(['search', docs, 'hello_timeout default']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^1\. ssh\.md/m);
    assert.deepEqual(r.stderr.trim().split('\n'), [
      'warning: the index holds vectors of bge-small from an OpenAI-compatible server, and no such server is configured (CLI: --provider openai-compatible --base-url URL; VS Code: research.llm.provider, research.llm.baseUrl); searching full-text only',
    ]);
  });

  it('a server on another host: one stderr line per destination, and the key appears nowhere in the output, even with debug logging', async () => {
    // A name that never resolves (RFC 6761): the turn degrades at once, and the note is printed first.
    const r = await cli(['ask', docs, QUESTION, '--provider', 'openai-compatible', '--base-url', 'http://gpu-box.invalid:8000'], { RESEARCH_DEBUG: '1' });
    assert.equal(r.code, 0, r.stderr);
    const notes = r.stderr.split('\n').filter((l) => l.startsWith('note:'));
    assert.deepEqual(notes, ['note: questions and document passages go to the model server at http://gpu-box.invalid:8000/v1, which is not this machine']);
    assert.match(r.stdout, /^The model server is not reachable at http:\/\/gpu-box\.invalid:8000\/v1, so here are the most relevant passages/);
    assert.ok(!(r.stdout + r.stderr).includes(KEY), 'the key is never printed');
  });

  it('--provider openai-compatible without a base URL, or an unknown provider: one line, exit 2', async () => {
    const none = await cli(['ask', docs, QUESTION, '--provider', 'openai-compatible']);
    assert.equal(none.code, 2);
    assert.equal(
      none.stderr,
      'error: an OpenAI-compatible model server needs its base URL (CLI: --base-url URL; VS Code: research.llm.baseUrl), e.g. http://gpu-box:8000/v1\n',
    );
    const unknown = await cli(['search', docs, 'x', '--provider', 'openai']);
    assert.equal(unknown.code, 2);
    assert.equal(unknown.stderr, "error: the model provider must be one of ollama, openai-compatible, not 'openai'\n");
  });
});
