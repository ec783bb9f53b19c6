/**
 * Runs inside the real extension host (see scripts/bench-extension.mjs): reads the activate()
 * time the extension measured itself, times the first load of dist/engine.js (LanceDB +
 * LangGraph) and the time to the first streamed answer token through the real participant
 * handler with the scripted Ollama-protocol server (no model latency: this is our overhead).
 */
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { startFakeOllama } from '../../test/support/fakeOllama';
import { researchScript } from '../../test/integration/scriptedResearchModel';
import type { ResearchApi } from '../../src/vscode/api';

const TURNS = 10;

export async function run(): Promise<void> {
  const ext = vscode.extensions.getExtension<ResearchApi>('local-research.local-research-assistant')!;
  const api = await ext.activate();
  const server = await startFakeOllama({ chat: researchScript() });
  await vscode.workspace.getConfiguration('research').update('ollama.host', server.url, vscode.ConfigurationTarget.Global);
  const engineStart = performance.now();
  const alreadyLoaded = api.engineLoaded();
  api.loadEngine();
  const engineLoadMs = performance.now() - engineStart;
  const job = await api.index.enqueue('index', { trigger: 'background' });
  if (job.error) throw job.error;

  const firstToken: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < TURNS; i++) {
    const started = performance.now();
    let first = 0;
    const stream = {
      markdown: () => void (first ||= performance.now() - started),
      progress() {},
      anchor() {},
      reference() {},
      button() {},
      filetree() {},
      push() {},
    } as unknown as vscode.ChatResponseStream;
    await api.participant.handler({ prompt: 'What is the default proxy timeout?' }, { history: [] }, stream, new vscode.CancellationTokenSource().token);
    firstToken.push(first);
    total.push(performance.now() - started);
  }
  await server.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const result = {
    activateMs: round(api.activateMs),
    engineAlreadyLoadedAtActivation: alreadyLoaded,
    engineFirstLoadMs: round(engineLoadMs),
    firstTokenMsFirstTurn: round(firstToken[0]!),
    firstTokenMsMedian: round(median(firstToken.slice(1))),
    turnMsMedian: round(median(total.slice(1))),
    turns: TURNS,
  };
  console.log(`BENCH ${JSON.stringify(result)}`);
  if (process.env.LRA_BENCH_OUT) writeFileSync(process.env.LRA_BENCH_OUT, JSON.stringify(result, null, 2));
}

const round = (ms: number) => Math.round(ms * 10) / 10;
