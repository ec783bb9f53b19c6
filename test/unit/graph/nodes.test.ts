/**
 * The node table (src/core/graph/nodes.ts): every node the graph registers shows a sentence as
 * progress, never its id; a node without a label, or a route to a node that does not exist, does
 * not compile (the `@ts-expect-error` lines below fail `tsc` when either starts compiling); the
 * node-run bound follows the settings that bound the loops.
 */
import assert from 'node:assert/strict';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { buildResearchGraph, instrumentedNodes } from '../../../src/core/graph/graph';
import type { NodeName } from '../../../src/core/graph/nodeNames';
import { maxNodeRuns, NODE_NAMES, NODES, type GraphNode } from '../../../src/core/graph/nodes';
import { resolveConfig } from '../../../src/core/graph/config';
import type { TurnEvent } from '../../../src/core/graph/api';
import type { GraphRuntime } from '../../../src/core/graph/runtime';
import type { ResearchStateType, ResearchUpdate } from '../../../src/core/graph/state';
import { noopTracer } from '../../../src/core/tracing/tracer';
import { memoryRetriever } from '../../support/memoryRetriever';
import { count, startHarness, type Harness } from '../../support/graphHarness';
import { verdict } from '../../support/scriptedAgents';

class ProgressShown extends Error {}

/** The progress line a node's registered (instrumented) function emits first; the node itself never runs. */
async function progressOf(name: NodeName): Promise<TurnEvent> {
  let shown: TurnEvent | undefined;
  const runtime = {
    trace: noopTracer.startTurn({ conversationId: 'c', correlationId: 't', question: 'q' }),
    emit(event: TurnEvent) {
      shown = event;
      throw new ProgressShown();
    },
  } as unknown as GraphRuntime;
  const config: LangGraphRunnableConfig = { configurable: { runtime } };
  await assert.rejects(instrumentedNodes()[name]({ question: 'q' } as ResearchStateType, config), ProgressShown);
  return shown!;
}

describe('graph nodes: one table of names, functions and progress lines', () => {
  it('the graph registers every node of the table', () => {
    const registered = Object.keys(buildResearchGraph().nodes).filter((n) => n !== '__start__');
    assert.deepEqual(registered.sort(), [...NODE_NAMES].sort());
  });

  for (const name of NODE_NAMES) {
    it(`${name}: the chat's progress shows a sentence, not the node's id`, async () => {
      const event = await progressOf(name);
      assert.equal(event.type, 'progress');
      const message = (event as Extract<TurnEvent, { type: 'progress' }>).message;
      assert.ok(!NODE_NAMES.some((id) => message.includes(id)), `"${message}" names a node id`);
      assert.match(message, /^[A-Z][a-z]+ .+…$/, `"${message}" reads as a sentence`);
    });
  }

  it('a node without a progress label, or a route to an unknown node, is a compile error', () => {
    // @ts-expect-error a table entry needs its progress label
    const unlabelled: GraphNode = { run: NODES.gate.run };
    // @ts-expect-error the table needs an entry for every node name
    const incomplete: Record<NodeName, GraphNode> = { gate: NODES.gate };
    // @ts-expect-error nextAgent is a node name, `end` or unset
    const misspelt: ResearchUpdate = { nextAgent: 'synthesys' };
    assert.ok(unlabelled && incomplete && misspelt);
  });
});

describe('graph nodes: the node-run bound', () => {
  let h: Harness | undefined;
  afterEach(async () => h?.close());
  const docs = memoryRetriever([{ path: 'erlang/ssh.pdf', page: 28, text: 'hello_timeout: the default value is 30 seconds.' }]);

  it('with the defaults: gate, orchestrator, 3 searches, 3 syntheses and validations, one closing node', () => {
    assert.equal(maxNodeRuns(resolveConfig({}, {})), 12);
  });

  it('more re-queries and retries in the settings all run: the bound is not a fixed number', async () => {
    let n = 0;
    h = await startHarness(
      docs,
      {
        quality: () => JSON.stringify({ relevant: [1], score: 0.5, verdict: 'requery', queries: [`q${++n}`], reason: 'more' }),
        validation: verdict(false, 'still wrong'),
      },
      { config: { maxRequeries: 4, maxValidationRetries: 3 } },
    );
    const r = await h.ask('What is the default hello_timeout?');
    assert.equal(count(h.agents, 'quality'), 5);
    assert.equal(count(h.agents, 'synthesis'), 4);
    assert.equal(count(h.agents, 'validation'), 4);
    assert.match(r.answer, /Caveat/);
  });
});
