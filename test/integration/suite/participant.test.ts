import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ChatReply, ChatRequestBody } from '../../support/fakeOllama';
import type { TurnRecord } from '../../../src/vscode/chat/participant';
import { researchScript } from '../scriptedResearchModel';
import { RecordingStream, cancellation, exchange } from './chatStream';
import { getApi } from './helpers';
import { setSetting, useFakeOllama } from './ollama';

type Metadata = {
  kind: string;
  turn: { clarificationCount: number; lastAgent: string; decisions: Array<{ agent: string; decision: string; reason: string }> };
  followups: Array<{ label: string; prompt: string }>;
};

describe('@research chat participant (real handler, real graph, Ollama-protocol test server)', function () {
  this.timeout(60_000);
  let script: (body: ChatRequestBody) => ChatReply = researchScript();
  const ollama = useFakeOllama({ chat: (body) => script(body) });

  before(async () => {
    await vscode.commands.executeCommand('local-research.indexWorkspace');
  });
  beforeEach(() => {
    script = researchScript();
  });

  async function ask(prompt: string, history: Array<vscode.ChatRequestTurn | vscode.ChatResponseTurn> = [], token = cancellation().token) {
    const api = await getApi();
    const stream = new RecordingStream();
    const result = await api.participant.handler({ prompt }, { history }, stream.asStream(), token);
    return { stream, result, metadata: result.metadata as Metadata };
  }

  let clarification: Awaited<ReturnType<typeof ask>>;

  it('asks a clarifying question for a vague question, with its suggested answers as follow-up buttons', async () => {
    clarification = await ask('What is the default timeout?');
    assert.match(clarification.stream.text, /Which timeout do you mean/);
    assert.equal(clarification.metadata.kind, 'local-research-turn');
    assert.equal(clarification.metadata.turn.lastAgent, 'clarification');
    assert.equal(clarification.metadata.turn.clarificationCount, 1);
    assert.ok(clarification.stream.progressMessages.length > 0, 'no progress was streamed');
    const followups = (await getApi()).followupsFor(clarification.result);
    assert.deepEqual(
      followups.map((f) => f.label),
      ['The proxy timeout', 'The database connection timeout'],
    );
    assert.equal(followups[0]!.prompt, 'What is the default proxy timeout?');
  });

  it('a clicked follow-up goes straight to research (no orchestrator call) and answers with a PDF page citation', async () => {
    const api = await getApi();
    const followup = api.followupsFor(clarification.result)[0]!;
    const history = exchange('What is the default timeout?', clarification.stream.text, clarification.result);
    const before = ollama.server.chatRequests().length;
    const { stream, metadata } = await ask(followup.prompt, history);
    assert.match(stream.seen, /The proxy timeout defaults to 30 seconds \[\d\]/);
    // The [n] marker is a link that opens the citation.
    assert.match(stream.markup, /30 seconds \[\[\d\]\]\(command:local-research\.openCitation\?/);
    const orchestratorCalls = ollama.server
      .chatRequests()
      .slice(before)
      .filter((b) => 'decision' in (((b.format as { properties?: object }) ?? {}).properties ?? {}));
    assert.equal(orchestratorCalls.length, 0, 'the orchestrator LLM was asked although the user answered our question');
    assert.ok(
      metadata.turn.decisions.some((d) => d.agent === 'orchestrator' && /layer 2/.test(d.reason)),
      JSON.stringify(metadata.turn.decisions),
    );
    const pdfRef = stream.references.find((r): r is vscode.Uri => r instanceof vscode.Uri && r.path.endsWith('manuals/proxy-manual.pdf'));
    assert.ok(pdfRef, `no reference to the PDF: ${JSON.stringify(stream.references)}`);
    assert.equal(pdfRef.fragment, 'page=2');
    assert.match(
      stream.markup,
      /\[manuals\/proxy-manual\.pdf, p\. 2\]\(command:local-research\.openCitation\?[^)]*"[^"]*30 seconds/,
      'the Sources list has no link to the PDF page with the quote as its hover',
    );
  });

  it('streams answer tokens as they arrive and cites Markdown by line range', async () => {
    const { stream } = await ask('What is the default database connection timeout?');
    const beforeSources = stream.parts.slice(
      0,
      stream.parts.findIndex((p) => p.kind === 'markdown' && p.value.includes('**Sources**')),
    );
    assert.ok(beforeSources.filter((p) => p.kind === 'markdown').length > 3, 'the answer arrived in one piece instead of token by token');
    const ref = stream.references.find((r): r is vscode.Location => r instanceof vscode.Location && r.uri.path.endsWith('notes/database-guide.md'));
    assert.ok(ref, 'no line-range reference to the Markdown file');
    assert.ok(ref.range.start.line <= 4 && ref.range.end.line >= 4, `range ${JSON.stringify(ref.range)} misses line 5`);
  });

  it('sends earlier answers to the graph as history, without our rendered sources list', async () => {
    const first = await ask('What is the default proxy timeout?');
    assert.match(first.stream.text, /\*\*Sources\*\*/);
    const before = ollama.server.chatRequests().length;
    await ask('And the database connection timeout?', exchange('What is the default proxy timeout?', first.stream.text, first.result));
    const sent = ollama.server
      .chatRequests()
      .slice(before)
      .flatMap((b) => b.messages.map((m) => m.content))
      .join('\n');
    assert.match(sent, /proxy timeout defaults to 30 seconds/, 'the earlier answer did not reach the graph');
    assert.doesNotMatch(sent, /\*\*Sources\*\*/);
    assert.doesNotMatch(sent, /command:/, 'citation links reached the model instead of plain [n] markers');
  });

  it('cancellation stops the graph and its streaming request promptly', async () => {
    const slow = researchScript({ tokenDelayMs: 400 });
    script = slow;
    const cts = cancellation();
    const api = await getApi();
    const stream = new RecordingStream();
    let tokens = 0;
    stream.onMarkdown = () => {
      if (++tokens === 2) cts.cancel();
    };
    const result = await api.participant.handler({ prompt: 'What is the default proxy timeout?' }, { history: [] }, stream.asStream(), cts.token);
    assert.equal((result.metadata as { kind: string }).kind, 'local-research-cancelled');
    assert.doesNotMatch(stream.seen, /30 seconds \[\d\]/, 'the whole answer streamed despite the cancellation');
    assert.equal(stream.text.includes('**Sources**'), false);
  });

  it('Ollama unreachable: a degraded answer plus "How to install Ollama" and "Open settings" buttons', async () => {
    await setSetting('ollama.host', 'http://127.0.0.1:9');
    try {
      const { stream } = await ask('What is the default proxy timeout?');
      const titles = stream.buttons.map((b) => b.title);
      assert.deepEqual(titles, ['How to install Ollama', 'Open settings']);
      assert.equal(stream.buttons[0]!.command, 'local-research.installOllama');
    } finally {
      await setSetting('ollama.host', ollama.server.url);
    }
  });

  it('a missing chat model: a "Pull model X" button that runs ollama pull', async () => {
    await setSetting('models.chat', 'no-such-model');
    try {
      const { stream } = await ask('What is the default proxy timeout?');
      const pull = stream.buttons.find((b) => b.title === 'Pull model no-such-model');
      assert.ok(pull, `buttons: ${JSON.stringify(stream.buttons)}`);
      assert.equal(pull.command, 'local-research.pullModel');
      assert.deepEqual(pull.arguments, ['no-such-model']);
    } finally {
      await setSetting('models.chat', undefined);
    }
  });

  it('no index: one actionable line and an "Index the workspace now" button', async () => {
    await vscode.commands.executeCommand('local-research.clearIndex', { confirm: false });
    try {
      const { stream, result } = await ask('What is the default proxy timeout?');
      assert.match(stream.text, /not indexed yet/);
      assert.deepEqual(
        stream.buttons.map((b) => [b.title, b.command]),
        [['Index the workspace now', 'local-research.indexWorkspace']],
      );
      assert.equal(result.errorDetails, undefined);
    } finally {
      await vscode.commands.executeCommand('local-research.indexWorkspace');
    }
  });

  it('a damaged index: one line and a "Rebuild the index" button that repairs it', async () => {
    const api = await getApi();
    const meta = join(api.index.dbDir!, 'index-meta.json');
    const saved = await readFile(meta, 'utf8');
    await writeFile(meta, '{ damaged');
    try {
      const { stream, result } = await ask('What is the default proxy timeout?');
      assert.match(stream.text, /index of this workspace is damaged/);
      assert.deepEqual(
        stream.buttons.map((b) => [b.title, b.command]),
        [['Rebuild the index', 'local-research.rebuildIndex']],
      );
      assert.equal(result.errorDetails, undefined);
      assert.match(api.statusBarText(), /index damaged/);
      const rebuilt = (await vscode.commands.executeCommand(stream.buttons[0]!.command)) as { summary?: { indexed: number } };
      assert.equal(rebuilt.summary?.indexed, 3);
      assert.match(api.statusBarText(), /3 docs/);
    } finally {
      if ((await readFile(meta, 'utf8').catch(() => '')).startsWith('{ damaged')) await writeFile(meta, saved);
    }
  });

  it('/status reports the index in the chat', async () => {
    const api = await getApi();
    const stream = new RecordingStream();
    await api.participant.handler({ prompt: '', command: 'status' }, { history: [] }, stream.asStream(), cancellation().token);
    assert.match(stream.text, /\*\*3\*\* documents, \*\*\d+\*\* chunks/);
  });

  it('a question typed into the real chat view reaches the handler', async () => {
    const api = await getApi();
    const seen = new Promise<TurnRecord>((resolve) => {
      const sub = api.participant.onDidCompleteTurn((t) => {
        if (/proxy timeout/.test(t.prompt)) {
          sub.dispose();
          resolve(t);
        }
      });
    });
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@research What is the default proxy timeout?' });
    const turn = await Promise.race([
      seen,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the chat view never called @research')), 30_000)),
    ]);
    assert.equal(turn.turn?.route, 'answer');
    assert.match(turn.turn!.answer, /30 seconds/);
  });
});

describe('@research with llm.provider "vscode" (the chat\'s selected model)', function () {
  this.timeout(60_000);
  const ollama = useFakeOllama({ chat: researchScript() });

  it("runs the graph on request.model through VS Code's language model API (here: our Ollama provider)", async () => {
    await vscode.commands.executeCommand('local-research.indexWorkspace');
    await setSetting('llm.provider', 'vscode');
    try {
      const [model] = await vscode.lm.selectChatModels({ vendor: 'local-research-ollama' });
      assert.ok(model, 'the Ollama provider offers no model');
      assert.equal(model.id, 'llama3.2');
      const api = await getApi();
      const stream = new RecordingStream();
      const before = ollama.server.chatRequests().length;
      await api.participant.handler({ prompt: 'What is the default proxy timeout?', model }, { history: [] }, stream.asStream(), cancellation().token);
      assert.match(stream.seen, /proxy timeout defaults to 30 seconds \[\d\]/);
      const requests = ollama.server.chatRequests().slice(before);
      assert.ok(requests.length > 0);
      // Ollama's JSON mode is not reachable through VS Code's API: every request came without it.
      assert.ok(
        requests.every((r) => r.format === undefined),
        "a request bypassed VS Code's language model API",
      );
      // The model stays loaded, at the one context size @research's own requests ask for: Ollama
      // reloads a model whose num_ctx changes, and its default would cut the prompt.
      assert.deepEqual(
        requests.map((r) => [r.options?.num_ctx, (r as { keep_alive?: unknown }).keep_alive]),
        requests.map(() => [8192, '30m']),
      );
    } finally {
      await setSetting('llm.provider', undefined);
    }
  });

  it('/index indexes from the chat and reports the summary', async () => {
    const api = await getApi();
    const stream = new RecordingStream();
    await api.participant.handler({ prompt: '', command: 'index' }, { history: [] }, stream.asStream(), cancellation().token);
    assert.match(stream.text, /^Index up to date: 3 documents, \d+ chunks\. \(\d+\.\d s; embeddings: /);
  });
});
