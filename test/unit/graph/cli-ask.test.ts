/**
 * `ask` and `chat` through the bundled CLI (dist/cli.js), against the fake Ollama (OLLAMA_HOST)
 * and a real index built by the `index` command.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { withTempDir } from '../../support/tempDir';
import { startFakeOllama } from '../../support/fakeOllama';
import { scriptAgents, clarify, research } from '../../support/scriptedAgents';

const repo = resolve(__dirname, '../../..');
const cli = join(repo, 'dist', 'cli.js');

function runCli(args: string[], env: NodeJS.ProcessEnv = {}, input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, FORCE_HYPERLINK: undefined, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

async function makeIndexedFolder(root: string): Promise<void> {
  await mkdir(join(root, 'erlang'), { recursive: true });
  await writeFile(
    join(root, 'erlang', 'ssh.md'),
    '# SSH\n\n## hello_timeout\n\nIf the client fails to send the first message in time, the connection is closed.\nThe default value is 30 seconds.\n',
  );
  const indexed = await runCli(['index', root, '--embed', 'none']);
  assert.equal(indexed.code, 0, indexed.stderr);
}

describe('CLI ask and chat (bundled dist/cli.js)', function () {
  this.timeout(120_000);

  before(async () => {
    await promisify(execFile)(process.execPath, [join(repo, 'esbuild.mjs')], { cwd: repo });
  });

  it('ask --json prints route, answer, followups, citations, metadata, decisions and llm_calls; --history carries the turn', () =>
    withTempDir(async (root) => {
      await makeIndexedFolder(root);
      const agents = scriptAgents({ orchestrator: clarify('which program'), synthesis: 'The default is 30 seconds [1].' });
      const fake = await startFakeOllama({ chat: (b) => agents.chat(b) });
      try {
        const env = { OLLAMA_HOST: fake.url };
        const first = await runCli(['ask', root, "What's the default timeout?", '--json'], env);
        assert.equal(first.code, 0, first.stderr);
        const t1 = JSON.parse(first.stdout);
        assert.equal(t1.route, 'clarification');
        assert.ok(t1.followups.length >= 2 && t1.followups.every((f: { label: string; prompt: string }) => f.label && f.prompt));
        assert.equal(t1.metadata.clarificationCount, 1);
        assert.equal(t1.metadata.lastAgent, 'clarification');
        assert.equal(t1.llm_calls, 2);
        assert.ok(Array.isArray(t1.decisions) && t1.decisions[0].agent === 'gate');

        const historyFile = join(root, 'history.json');
        await writeFile(
          historyFile,
          JSON.stringify([
            { role: 'user', content: "What's the default timeout?" },
            { role: 'assistant', content: t1.answer, metadata: t1.metadata },
          ]),
        );
        const second = await runCli(['ask', root, 'The Erlang SSH hello_timeout.', '--json', '--history', historyFile, '--model', 'llama3.2'], env);
        assert.equal(second.code, 0, second.stderr);
        const t2 = JSON.parse(second.stdout);
        assert.equal(t2.route, 'answer');
        assert.equal(t2.answer, 'The default is 30 seconds [1].');
        const [lineFrom, lineTo] = t2.citations[0].lines;
        assert.deepEqual(t2.citations, [{ file: 'erlang/ssh.md', lines: [lineFrom, lineTo], index: 1, label: `erlang/ssh.md, lines ${lineFrom}-${lineTo}` }]);
        assert.match(t2.decisions.find((d: { agent: string }) => d.agent === 'orchestrator').reason, /^layer 2/);
        assert.equal(t2.metadata.clarificationCount, 1);
      } finally {
        await fake.close();
      }
    }));

  it('ask without Ollama answers extractively with the hint and exits 0', () =>
    withTempDir(async (root) => {
      await makeIndexedFolder(root);
      const r = await runCli(['ask', root, 'What is the default hello_timeout?'], { OLLAMA_HOST: 'http://127.0.0.1:9' });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /The default value is 30 seconds/);
      assert.match(r.stdout, /Start Ollama/);
      assert.match(r.stdout, /\[1\] erlang\/ssh\.md, lines \d+-\d+/);
      assert.equal(r.stdout.includes('\u001b'), false, 'no escapes on a pipe');
      const linked = await runCli(['ask', root, 'What is the default hello_timeout?'], { OLLAMA_HOST: 'http://127.0.0.1:9', FORCE_HYPERLINK: '1' });
      const url = pathToFileURL(join(root, 'erlang', 'ssh.md')).href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      assert.match(
        linked.stdout,
        new RegExp(`\\[1\\] \u001b\\]8;;${url}#(\\d+)\u001b\\\\erlang/ssh\\.md, lines \\1-\\d+\u001b\\]8;;\u001b\\\\`),
        JSON.stringify(linked.stdout),
      );
    }));

  it('ask on a folder without an index exits 1 with what to do; a bad history file is a usage error', () =>
    withTempDir(async (root) => {
      const r = await runCli(['ask', root, 'anything']);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /index/);
      await writeFile(join(root, 'h.json'), '{"not":"an array"}');
      const bad = await runCli(['ask', root, 'anything', '--history', join(root, 'h.json')]);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /expected a JSON array/);
    }));

  it('chat runs several turns on the same code path, and a number sends a suggestion', () =>
    withTempDir(async (root) => {
      await makeIndexedFolder(root);
      const agents = scriptAgents({ orchestrator: clarify('which program'), synthesis: 'It is 30 seconds [1].' });
      const fake = await startFakeOllama({ chat: (b) => agents.chat(b) });
      try {
        const r = await runCli(['chat', root], { OLLAMA_HOST: fake.url }, "What's the default timeout?\n1\n/exit\n");
        assert.equal(r.code, 0, r.stderr);
        assert.match(r.stdout, /Which program do you mean\?/);
        assert.match(r.stdout, /1\. Erlang SSH/);
        assert.match(r.stdout, /It is 30 seconds \[1\]\./);
        assert.match(r.stdout, /\[1\] erlang\/ssh\.md/);
        assert.equal(agents.asked.filter((a) => a === 'orchestrator').length, 1, 'the second turn was routed by layer 2');
      } finally {
        await fake.close();
      }
    }));

  it('eval adds the research graph checks when a chat model is reachable (and skips them with --no-llm)', () =>
    withTempDir(async (root) => {
      const docs = join(root, 'docs');
      await mkdir(join(docs, 'erlang'), { recursive: true });
      await writeFile(join(docs, 'erlang', 'ssh.md'), '# SSH\n\n## hello_timeout\n\nThe default value is 30 seconds.\n');
      const questions = join(root, 'q.jsonl');
      await writeFile(
        questions,
        [
          {
            id: 'f1',
            kind: 'factual',
            question: 'What is the default hello_timeout?',
            expected: 'answer',
            sources: [{ file: 'erlang/ssh.md', pages: [], lines: [1, 5] }],
          },
          { id: 'v1', kind: 'vague', question: "What's the default timeout?", expected: 'clarify', sources: [] },
        ]
          .map((o) => JSON.stringify(o))
          .join('\n'),
      );
      const agents = scriptAgents({
        orchestrator: (b) => (/hello_timeout/.test(b.messages.at(-1)!.content) ? research() : clarify()),
        synthesis: 'It is 30 seconds [1].',
      });
      const fake = await startFakeOllama({ chat: (b) => agents.chat(b) });
      try {
        const run = await runCli(['eval', docs, questions, '--embed', 'none', '--db', join(root, 'idx'), '--json'], { OLLAMA_HOST: fake.url });
        assert.equal(run.code, 0, run.stderr);
        const report = JSON.parse(run.stdout);
        assert.deepEqual(report.graph.by_kind, { factual: { passed: 1, total: 1 }, vague: { passed: 1, total: 1 } });
        assert.deepEqual(report.graph.routing, { correct: 2, total: 2 });
        const skipped = await runCli(['eval', docs, questions, '--embed', 'none', '--db', join(root, 'idx'), '--json', '--no-llm'], { OLLAMA_HOST: fake.url });
        assert.equal(JSON.parse(skipped.stdout).graph, undefined);
      } finally {
        await fake.close();
      }
    }));
});
