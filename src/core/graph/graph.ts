/**
 * The research graph's wiring, nothing else: nodes live in ./nodes, routing in ./routes.
 *
 *   gate ─┬─> orchestrator ─┬─> clarification ─> END
 *         │                 └─> research ⟲ (re-query) ─> synthesis ─┬─> validation ⟲ (retry) ─> END
 *         ├─> degraded ─> END          ^ degraded <── (stream broke) ┘
 *         │   (orchestrator and research also go to degraded when the LLM times out or is unreachable)
 *         └─> END (no index)
 */
import { END, START, StateGraph } from '@langchain/langgraph';
import { clarificationNode } from './nodes/clarification';
import { degradedNode } from './nodes/degraded';
import { gateNode } from './nodes/gate';
import { notFoundNode } from './nodes/notFound';
import { orchestratorNode } from './nodes/orchestrator';
import { researchNode } from './nodes/research';
import { synthesisNode } from './nodes/synthesis';
import { validationNode } from './nodes/validation';
import { afterGate, afterOrchestrator, afterResearch, afterSynthesis, afterValidation } from './routes';
import { instrumentNode } from './runtime';
import { ResearchState } from './state';

export function buildResearchGraph() {
  return new StateGraph(ResearchState)
    .addNode('gate', instrumentNode('gate', gateNode))
    .addNode('orchestrator', instrumentNode('orchestrator', orchestratorNode))
    .addNode('clarification', instrumentNode('clarification', clarificationNode))
    .addNode('research', instrumentNode('research', researchNode))
    .addNode('synthesis', instrumentNode('synthesis', synthesisNode))
    .addNode('validation', instrumentNode('validation', validationNode))
    .addNode('notFound', instrumentNode('notFound', notFoundNode))
    .addNode('degraded', instrumentNode('degraded', degradedNode))
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
