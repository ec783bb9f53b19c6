/**
 * The research graph's wiring, nothing else: the nodes are listed in ./nodes (table) and live in
 * ./nodes/, routing in ./routes.
 *
 *   gate ─┬─> orchestrator ─┬─> clarification ─> END
 *         │                 └─> research ⟲ (re-query) ─┬─> synthesis ─┬─> validation ⟲ (retry) ─> END
 *         │                                            └─> notFound ─> END ("not in your documents")
 *         ├─> degraded ─> END          ^ degraded <── (stream broke) ┘
 *         │   (orchestrator and research also go to degraded when the LLM times out or is unreachable)
 *         └─> END (no index)
 */
import { END, START, StateGraph } from '@langchain/langgraph';
import type { NodeName } from './nodeNames';
import { NODE_NAMES, NODES } from './nodes';
import { afterGate, afterOrchestrator, afterResearch, afterSynthesis, afterValidation } from './routes';
import { instrumentNode, type NodeFn } from './runtime';
import { ResearchState } from './state';

/** Every node of the table, wrapped with its span, progress line and bookkeeping. */
export function instrumentedNodes(): Record<NodeName, NodeFn> {
  return Object.fromEntries(NODE_NAMES.map((name) => [name, instrumentNode(name, NODES[name])])) as Record<NodeName, NodeFn>;
}

export function buildResearchGraph() {
  return new StateGraph(ResearchState)
    .addNode(instrumentedNodes())
    .addEdge(START, 'gate')
    .addConditionalEdges('gate', afterGate, ['orchestrator', 'degraded', END])
    .addConditionalEdges('orchestrator', afterOrchestrator, ['clarification', 'research', 'degraded'])
    .addEdge('clarification', END)
    .addConditionalEdges('research', afterResearch, ['research', 'synthesis', 'notFound', 'degraded'])
    .addConditionalEdges('synthesis', afterSynthesis, ['validation', 'degraded', END])
    .addConditionalEdges('validation', afterValidation, ['synthesis', END])
    .addEdge('notFound', END)
    .addEdge('degraded', END)
    .compile();
}

export type ResearchGraph = ReturnType<typeof buildResearchGraph>;
