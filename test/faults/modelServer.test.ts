/**
 * An OpenAI-compatible model server that stalls, refuses the key, fails or is not there, driven
 * through the CLI (`--provider openai-compatible --base-url …`): the same limits and the same
 * one-line outcomes as with Ollama (./network.test.ts). The runner kills the CLI after KILL_MS.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TIMEOUT_ANSWER, TIMEOUT_QUESTION, writeTimeoutDocs } from '../support/timeoutDocs';
import { buildOnce, runCli, type CliResult } from '../support/cli';
import { deadHost } from '../support/deadHost';
import type { Fault } from '../support/fakeOllama';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fakeOpenAi';
import { scriptAgents, type ScriptedAgents } from '../support/scriptedAgents';

const KILL_MS = 20_000;
const KEY = 'sk-team-51c0ffee';
const QUESTION = TIMEOUT_QUESTION;
const ANSWER = TIMEOUT_ANSWER;

describe('network faults: an OpenAI-compatible model server that stalls, refuses or fails never hangs the CLI', function () {
  this.timeout(120_000);
  let server: FakeOpenAi;
  let agents: ScriptedAgents;
  let fault: ((path: string, body: any) => Fault | undefined) | undefined;
  let root: string | undefined;
  let docs: string;

  before(async () => {
    await buildOnce();
    server = await startFakeOpenAi({ apiKey: KEY, chat: (body) => agents.chat(body), fault: (path, body) => fault?.(path, body) });
    root = await mkdtemp(join(tmpdir(), 'lra-oanet-'));
    docs = await writeTimeoutDocs(root);
    agents = scriptAgents();
    const indexed = await cli(['index', docs]);
    assert.equal(indexed.code, 0, indexed.stderr);
  });
  after(async () => {
    await server?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    agents = scriptAgents({ synthesis: ANSWER });
    fault = undefined;
  });

  async function cli(args: string[], env: NodeJS.ProcessEnv = {}, baseUrl = server.url): Promise<CliResult> {
    const r = await runCli([...args, '--provider', 'openai-compatible', '--base-url', baseUrl], { env: { RESEARCH_API_KEY: KEY, ...env }, timeoutMs: KILL_MS });
    assert.equal(r.killed, false, `the CLI hung (killed after ${KILL_MS} ms); stderr: ${r.stderr}`);
    return r;
  }
  const askJson = async (env: NodeJS.ProcessEnv = {}) => {
    const r = await cli(['ask', docs, QUESTION, '--json'], env);
    return { ...r, turn: JSON.parse(r.stdout) };
  };

  it('stream stalled mid-answer: the quoted passages replace the half answer, and the first line names the between-tokens limit', async () => {
    agents = scriptAgents({ synthesis: { content: ANSWER, stallAfterTokens: 3 } });
    const r = await askJson({ RESEARCH_BETWEEN_TOKENS_TIMEOUT: '1' });
    assert.equal(r.code, 0);
    assert.equal(r.turn.route, 'fallback');
    assert.equal(r.turn.problem.code, 'llm-timeout');
    assert.match(
      r.turn.answer,
      /^Model server at http:\/\/127\.0\.0\.1:\d+\/v1 sent nothing for 1 s between two tokens of the answer, so here are the most relevant passages/,
    );
    assert.match(r.turn.answer, /The default value is 30 seconds\. \[1\]/);
    assert.match(r.turn.answer, /RESEARCH_BETWEEN_TOKENS_TIMEOUT/, 'says what raises the limit');
    assert.doesNotMatch(r.turn.answer, /^The default hello_timeout is/, 'no half sentence left behind');
  });

  it('structured reply stalled: one "Waiting for the model" line, then the extractive answer naming --structured-timeout', async () => {
    fault = (path, body) => (path === '/v1/chat/completions' && !body?.stream ? { kind: 'stall' } : undefined);
    const r = await cli(['ask', docs, QUESTION, '--structured-timeout', '1']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^Model server at .* sent nothing for 1 s for a structured \(JSON\) reply, so here are/);
    assert.match(r.stdout, /--structured-timeout SECONDS/);
    assert.match(r.stderr, /^Waiting for the model \(llama3\.2 at http:\/\/127\.0\.0\.1:\d+\/v1; it may be loading\): giving up after 1 s…$/m);
  });

  it('a wrong key: the answer quotes passages, says the key was refused and where to set it; the key is not printed', async () => {
    const r = await cli(['ask', docs, QUESTION], { RESEARCH_API_KEY: 'sk-wrong-key' });
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^The model server at http:\/\/127\.0\.0\.1:\d+\/v1 refused the key \(HTTP 401\), so here are the most relevant passages/);
    assert.match(r.stdout, /^_For full answers: set it with RESEARCH_API_KEY \(CLI\) or "Local Research: Set Model Server API Key" \(VS Code\)_$/m);
    assert.ok(!(r.stdout + r.stderr).includes('sk-wrong-key') && !(r.stdout + r.stderr).includes(KEY));
  });

  it('a wrong key while indexing: one error line with the fix, exit 1 (not a silent full-text index)', async () => {
    const r = await cli(['index', docs, '--rebuild'], { RESEARCH_API_KEY: '' });
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      /^error: The model server at http:\/\/127\.0\.0\.1:\d+\/v1 needs an API key \(HTTP 401\): set it with RESEARCH_API_KEY \(CLI\) or "Local Research: Set Model Server API Key" \(VS Code\)$/m,
    );
  });

  it("HTTP 500: the server's own words reach the note", async () => {
    fault = (path) => (path === '/v1/chat/completions' ? { kind: 'status', status: 500, error: 'CUDA error: out of memory' } : undefined);
    const r = await cli(['ask', docs, QUESTION]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /The default value is 30 seconds\. \[1\]/);
    assert.match(r.stdout, /^note: Model server at http:\/\/127\.0\.0\.1:\d+\/v1 answered HTTP 500: CUDA error: out of memory$/m);
    assert.doesNotMatch(r.stdout, /Install Ollama/);
  });

  it('nothing listening at the base URL: the extractive answer names the URL and the flag that sets it; search falls back to full-text with one warning', async () => {
    const dead = await deadHost();
    const r = await cli(['ask', docs, QUESTION], {}, dead);
    assert.equal(r.code, 0);
    assert.match(r.stdout, new RegExp(`^The model server is not reachable at ${dead}/v1, so here are`));
    assert.match(r.stdout, /_For full answers: Start the server, or set its base URL \(CLI: --base-url; VS Code: research\.llm\.baseUrl\) to where it runs_/);
    const s = await cli(['search', docs, 'hello_timeout default'], {}, dead);
    assert.equal(s.code, 0);
    assert.match(s.stdout, /^1\. ssh\.md/m);
    assert.equal(s.stderr.split('\n').filter((l) => l.startsWith('warning:')).length, 1, s.stderr);
  });
});
