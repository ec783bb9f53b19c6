/**
 * Both hosts on one folder, each as its user runs it: a question asked in the chat (the real
 * participant in this extension host, the workspace's index) and the same question through the
 * bundled CLI (`dist/cli.js ask --json`, a child process on the same index and the same model
 * server) get the same answer and the same sources, and the chat shows that answer. Both build
 * their session through core/session; the same error for a folder without an index is shown at the
 * session's door in test/unit/session/twoHosts.test.ts.
 *
 * Named to run after indexing.test.ts (the suite's files run in name order): that file asserts the
 * workspace's first index run, which this one's `before` would otherwise have made.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TurnRecord } from '../../../src/vscode/chat/participant';
import { researchScript } from '../scriptedResearchModel';
import { RecordingStream, cancellation } from './chatStream';
import { getApi, workspaceRoot } from './helpers';
import { useFakeOllama } from './ollama';

const QUESTION = 'What is the default database connection timeout?';

interface CliTurn {
  route: string;
  answer: string;
  citations: Array<{ index: number; file: string; page?: number; lines?: [number, number] }>;
}

/** `node dist/cli.js <args>` as a terminal runs it; its exit code, stdout and stderr. */
function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const repoRoot = process.env.LRA_REPO_ROOT ?? join(__dirname, '../../../..');
  return new Promise((done, fail) => {
    // Under Electron (runElectron.mjs) the host's binary runs as plain Node only when told to.
    const child = spawn(process.execPath, [join(repoRoot, 'dist', 'cli.js'), ...args], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end();
  });
}

const sources = (citations: ReadonlyArray<{ index: number; file: string; page?: number; lines?: readonly [number, number] }>) =>
  citations.map(({ index, file, page, lines }) => ({ index, file, page, lines: lines ? [...lines] : undefined }));

describe('the CLI and the chat answer alike (one session root, core/session)', function () {
  this.timeout(120_000);
  const ollama = useFakeOllama({ chat: researchScript() });

  before(async () => {
    await vscode.commands.executeCommand('local-research.indexWorkspace');
  });

  it('give the same answer and the same sources for the workspace folder and one question, and the chat shows it', async () => {
    const api = await getApi();
    const turns: TurnRecord[] = [];
    const listening = api.participant.onDidCompleteTurn((record) => turns.push(record));
    const stream = new RecordingStream();
    try {
      await api.participant.handler({ prompt: QUESTION }, { history: [] }, stream.asStream(), cancellation().token);
    } finally {
      listening.dispose();
    }
    const inChat = turns.find((t) => t.prompt === QUESTION)?.turn;
    assert.ok(inChat, 'the chat turn ran no session turn');
    assert.equal(inChat.route, 'answer');

    const dbDir = api.index.dbDir;
    assert.ok(dbDir, 'the workspace folder has no index folder');
    const cli = await runCli(['ask', workspaceRoot().fsPath, QUESTION, '--json', '--db', dbDir], { OLLAMA_HOST: ollama.server.url });
    assert.equal(cli.code, 0, cli.stderr);
    const fromCli = JSON.parse(cli.stdout) as CliTurn;

    assert.equal(fromCli.route, inChat.route);
    assert.equal(fromCli.answer, inChat.answer);
    assert.match(fromCli.answer, /15 seconds/);
    assert.ok(
      inChat.citations.some((c) => c.file === 'notes/database-guide.md'),
      JSON.stringify(inChat.citations),
    );
    assert.deepEqual(sources(fromCli.citations), sources(inChat.citations));
    // What the user reads in the chat is that answer, its [n] markers as links.
    assert.ok(stream.seen.includes(fromCli.answer), `the chat shows:\n${stream.seen}\nthe CLI printed:\n${fromCli.answer}`);
  });
});
