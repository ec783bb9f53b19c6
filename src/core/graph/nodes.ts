/**
 * The graph's nodes, named once: the name LangGraph registers, the function that runs, and the
 * progress line the chat and the CLI show while it runs. graph.ts registers every entry, the
 * routers and `nextAgent` speak `NodeName`, and the node-run bound below is written from the
 * same settings that bound the loops.
 */
import type { ResearchConfig } from './config';
import { clarificationNode } from './nodes/clarification';
import { degradedNode } from './nodes/degraded';
import { gateNode } from './nodes/gate';
import { notFoundNode } from './nodes/notFound';
import { orchestratorNode } from './nodes/orchestrator';
import { researchNode } from './nodes/research';
import { synthesisNode } from './nodes/synthesis';
import { validationNode } from './nodes/validation';
import type { NodeName } from './nodeNames';
import type { NodeFn } from './runtime';

export interface GraphNode {
  run: NodeFn;
  /** What the user sees while the node runs: a sentence, never the node's name. */
  progress: string;
}

export const NODES: Readonly<Record<NodeName, GraphNode>> = {
  gate: { run: gateNode, progress: 'Checking the index…' },
  orchestrator: { run: orchestratorNode, progress: 'Understanding the question…' },
  clarification: { run: clarificationNode, progress: 'Preparing a clarifying question…' },
  research: { run: researchNode, progress: 'Searching your documents…' },
  synthesis: { run: synthesisNode, progress: 'Writing the answer…' },
  validation: { run: validationNode, progress: 'Checking the answer against the sources…' },
  notFound: { run: notFoundNode, progress: 'Collecting the closest passages…' },
  degraded: { run: degradedNode, progress: 'Collecting the best passages…' },
};

export const NODE_NAMES = Object.keys(NODES) as NodeName[];

/**
 * Upper bound on node runs in one turn, a guard the routers check before each loop: the counters
 * in state end every loop first. The longest turn is gate, orchestrator, the first search and
 * each re-query, a synthesis and a validation per attempt, and one closing node (notFound or
 * degraded): 12 with the defaults (2 re-queries, 2 retries). Routers check it after the node
 * that ran (`state.iteration` counts it), so the last guarded step, a third validation, is the
 * 11th run and passes: the guard only ever stops a loop whose counter failed to.
 */
export function maxNodeRuns(config: Pick<ResearchConfig, 'maxRequeries' | 'maxValidationRetries'>): number {
  const searches = 1 + config.maxRequeries;
  const attempts = 1 + config.maxValidationRetries;
  return 2 + searches + 2 * attempts + 1;
}
