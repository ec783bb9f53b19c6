/**
 * Ollama and Langfuse servers that stall, break off or answer garbage, driven through the CLI as
 * a user runs it. Small limits (flags or RESEARCH_*_TIMEOUT variables, in seconds) keep each case
 * to seconds; the runner kills the CLI after KILL_MS, so a hang fails the test instead of the suite.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TIMEOUT_ANSWER, TIMEOUT_QUESTION, writeTimeoutDocs } from '../support/timeoutDocs';
import { buildOnce, runCli, type CliResult } from '../support/cli';
import { deadHost } from '../support/deadHost';
import { startFakeOllama, type FakeOllama, type Fault } from '../support/fakeOllama';
import { grade, research, scriptAgents, type ScriptedAgents } from '../support/scriptedAgents';

/** Far above every limit used here; main hung for 300 s and more where these finish in seconds. */
const KILL_MS = 20_000;
const QUESTION = TIMEOUT_QUESTION;
const ANSWER = TIMEOUT_ANSWER;

describe('network faults: a stalled or broken Ollama (or Langfuse) never hangs the CLI', function () {
  this.timeout(120_000);
  let fake: FakeOllama;
  let agents: ScriptedAgents;
  let fault: ((path: string, body: any) => Fault | undefined) | undefined;
  let root: string | undefined;
  let docs: string;

  before(async () => {
    await buildOnce();
    fake = await startFakeOllama({ chat: (body) => agents.chat(body), fault: (path, body) => fault?.(path, body) });
    root = await mkdtemp(join(tmpdir(), 'lra-net-'));
    docs = await writeTimeoutDocs(root);
    agents = scriptAgents();
    const indexed = await cli(['index', docs, '--embed', 'ollama']);
    assert.equal(indexed.code, 0, indexed.stderr);
  });
  after(async () => {
    await fake?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    agents = scriptAgents({ synthesis: ANSWER });
    fault = undefined;
  });

  function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
    return runCli(args, { env: { OLLAMA_HOST: fake.url, ...env }, timeoutMs: KILL_MS });
  }
  async function askJson(flags: string[] = [], env: NodeJS.ProcessEnv = {}) {
    const r = await cli(['ask', docs, QUESTION, '--json', ...flags], env);
    assert.equal(r.killed, false, `the CLI hung (killed after ${KILL_MS} ms); stderr: ${r.stderr}`);
    return { ...r, turn: JSON.parse(r.stdout) };
  }
  const warnings = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('warning:'));
  const onChat = (f: Fault, which: 'any' | 'stream' = 'any') =>
    (fault = (path, body) => (path === '/api/chat' && (which === 'any' || body?.stream) ? f : undefined));

  it('chat stalled before headers (tags and show answer): ask ends with the extractive answer naming the limit that expired, not a hang', async () => {
    onChat({ kind: 'stall' });
    const chatsBefore = fake.chatRequests().length;
    const r = await askJson(['--structured-timeout', '1', '--first-token-timeout', '1']);
    assert.equal(r.code, 0);
    assert.equal(r.turn.route, 'fallback');
    assert.equal(r.turn.problem.code, 'llm-timeout');
    assert.match(
      r.turn.answer,
      /^Ollama at http:\/\/127\.0\.0\.1:\d+ sent nothing for 1 s for a structured \(JSON\) reply, so here are the most relevant passages/,
    );
    assert.match(r.turn.answer, /The default value is 30 seconds\. \[1\]/);
    assert.match(r.turn.answer, /--structured-timeout SECONDS/, 'says which flag raises the limit');
    assert.equal(r.turn.citations[0].file, 'ssh.md');
    assert.match(r.stderr, /^Waiting for the model \(llama3\.2 at .*\): giving up after 1 s…$/m);
    assert.equal(warnings(r.stderr).length, 1, r.stderr);
    assert.equal(fake.chatRequests().length - chatsBefore, 1, 'one call waited out its limit; the turn did not try every agent');
  });

  it('stream stalled mid-answer: the partial answer is replaced by the extractive one naming the between-tokens limit', async () => {
    agents = scriptAgents({ synthesis: { content: ANSWER, stallAfterTokens: 3 } });
    const r = await askJson([], { RESEARCH_BETWEEN_TOKENS_TIMEOUT: '1' });
    assert.equal(r.code, 0);
    assert.equal(r.turn.problem.code, 'llm-timeout');
    assert.match(r.turn.answer, /sent nothing for 1 s between two tokens of the answer, so here are/);
    assert.doesNotMatch(r.turn.answer, /^The default hello_timeout is/, 'no half sentence left behind');
    assert.match(r.turn.answer, /RESEARCH_BETWEEN_TOKENS_TIMEOUT/);
  });

  it('garbage instead of JSON (and a terminal escape in it): one line names it, nothing of it reaches the terminal', async () => {
    fault = (path, body) =>
      path === '/api/chat'
        ? body?.stream
          ? { kind: 'garbage', body: 'not json \x1b[31mred\n{"oops"\n', contentType: 'application/x-ndjson' }
          : { kind: 'garbage', body: '{"message": {"content": "\x1b[2J' }
        : undefined;
    const r = await cli(['ask', docs, QUESTION]);
    assert.equal(r.code, 0);
    assert.doesNotMatch(r.stdout + r.stderr, /\x1b|invalid json|not json/, "the server's bytes are not printed");
    assert.match(r.stdout, /The language model stopped while answering, so here are the most relevant passages/);
    assert.match(r.stdout, /^note: Ollama at http:\/\/127\.0\.0\.1:\d+ sent a reply that is not JSON$/m);
  });

  it('connection dropped without an answer: the extractive answer, and the note says the connection was closed', async () => {
    onChat({ kind: 'drop' });
    const r = await askJson();
    assert.equal(r.code, 0);
    assert.equal(r.turn.route, 'fallback');
    assert.equal(r.turn.problem.message, `Ollama at ${fake.url} closed the connection without answering`);
    assert.match(r.turn.answer, /The default value is 30 seconds\. \[1\]/);
  });

  it('HTTP 500: the server\'s own words reach the note, and no "install Ollama" hint misleads', async () => {
    onChat({ kind: 'status', status: 500, error: 'CUDA error: out of memory' });
    const r = await cli(['ask', docs, QUESTION]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /The default value is 30 seconds\. \[1\]/);
    assert.match(r.stdout, /^note: Ollama at http:\/\/127\.0\.0\.1:\d+ answered HTTP 500: CUDA error: out of memory$/m);
    assert.doesNotMatch(r.stdout, /Install Ollama/);
  });

  it('slow but steady (each token 0.3 s, structured replies 0.6 s, limits 1 s): the answer completes', async () => {
    agents = scriptAgents({
      orchestrator: { content: research(), delayMs: 600 },
      synthesis: { content: ANSWER, tokenDelayMs: 300 },
    });
    const r = await askJson(['--first-token-timeout', '1', '--between-tokens-timeout', '1', '--structured-timeout', '1']);
    assert.equal(r.code, 0);
    assert.equal(r.turn.route, 'answer');
    assert.equal(r.turn.answer, ANSWER);
    assert.ok(r.ms > 3000, `the stream ran longer than any one limit (${Math.round(r.ms)} ms)`);
  });

  it('search on an index built with Ollama embeddings, /api/embed stalled: full-text hits, one line naming --embed-timeout', async () => {
    fault = (path) => (path === '/api/embed' ? { kind: 'stall' } : undefined);
    const r = await cli(['search', docs, 'hello_timeout default', '--embed-timeout', '1']);
    assert.equal(r.killed, false, 'search hung on the query embedding');
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^1\. ssh\.md/m);
    assert.deepEqual(warnings(r.stderr), [
      `warning: vector search failed; using full-text search only: Ollama at ${fake.url} sent nothing for 1 s for embeddings (Check that Ollama at ${fake.url} is working, or raise the limit (CLI: --embed-timeout SECONDS or RESEARCH_EMBED_TIMEOUT; VS Code: research.timeouts.embedSeconds))`,
    ]);
  });

  it('ask on that index with /api/embed stalled: a full answer from full-text search, the embedder waited on once, not per query', async () => {
    fault = (path) => (path === '/api/embed' ? { kind: 'stall' } : undefined);
    // Three sub-queries searched at once, then a re-query round: four searches in the turn.
    agents = scriptAgents({
      orchestrator: research({ standalone_question: QUESTION, sub_queries: ['hello_timeout default', 'ssh hello_timeout', 'connection closed'] }),
      quality: [grade('requery', { queries: ['first message timeout'] }), grade('proceed')],
      synthesis: ANSWER,
    });
    const embedsBefore = fake.requests.filter((q) => q.path === '/api/embed').length;
    const r = await askJson([], { RESEARCH_EMBED_TIMEOUT: '1' });
    assert.equal(r.code, 0);
    assert.equal(r.turn.route, 'answer');
    assert.equal(r.turn.answer, ANSWER);
    assert.equal(r.turn.citations[0].file, 'ssh.md');
    assert.equal(warnings(r.stderr).filter((l) => l.includes('vector search failed')).length, 1, r.stderr);
    assert.equal(fake.requests.filter((q) => q.path === '/api/embed').length - embedsBefore, 3, 'the re-query round did not wait on the embedder again');
  });

  it('a limit that is not a positive number of seconds is a usage error (exit 2), not a silent default', async () => {
    const r = await cli(['ask', docs, QUESTION, '--first-token-timeout', 'soon']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^--first-token-timeout must be a positive number of seconds, not 'soon'$/m);
  });

  describe('Langfuse keys set, its host unreachable', () => {
    let silent: Server;
    before(async () => {
      silent = createServer(() => undefined); // accepts, never answers
      await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    });
    after(async () => {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    });

    for (const kind of ['refusing connections', 'accepting and never answering'] as const) {
      it(`${kind}: the answer as usual, one warning line, no SDK stack trace`, async () => {
        const host = kind === 'refusing connections' ? await deadHost() : `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
        const r = await cli(['ask', docs, QUESTION], { LANGFUSE_PUBLIC_KEY: 'pk-test', LANGFUSE_SECRET_KEY: 'sk-test', LANGFUSE_HOST: host });
        assert.equal(r.killed, false);
        assert.equal(r.code, 0);
        assert.match(r.stdout, /^The default hello_timeout is 30 seconds/);
        const lines = r.stderr.split('\n').filter(Boolean);
        assert.deepEqual(lines.filter((l) => /langfuse/i.test(l)).length, 1, r.stderr);
        assert.match(
          r.stderr,
          /^warning: Langfuse at http:\/\/127\.0\.0\.1:\d+ could not take the traces \((ECONNREFUSED|no answer in time)\); tracing is skipped for 5 minutes$/m,
        );
        assert.doesNotMatch(r.stderr, /\[Langfuse SDK\]|^\s+at /m);
      });
    }
  });
});
