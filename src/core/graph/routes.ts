/**
 * Routers: each reads the `nextAgent` its node set and returns a literal node name. An unknown
 * or exhausted value ends the turn rather than loop; the counters in state bound every cycle, and
 * `maxNodeRuns` (./nodes) bounds the turn should one of them fail to.
 */
import { END, type LangGraphRunnableConfig } from '@langchain/langgraph';
import type { NodeName } from './nodeNames';
import { maxNodeRuns } from './nodes';
import { runtimeOf } from './runtime';
import type { ResearchStateType } from './state';

type End = typeof END;

const guard = (state: ResearchStateType, config: LangGraphRunnableConfig): boolean => state.iteration < maxNodeRuns(runtimeOf(config).config);

export function afterGate(state: ResearchStateType): Extract<NodeName, 'orchestrator' | 'degraded'> | End {
  if (state.nextAgent === 'orchestrator') return 'orchestrator';
  if (state.nextAgent === 'degraded') return 'degraded';
  return END;
}

export function afterOrchestrator(state: ResearchStateType): Extract<NodeName, 'clarification' | 'research' | 'degraded'> {
  if (state.nextAgent === 'degraded') return 'degraded';
  return state.nextAgent === 'clarification' ? 'clarification' : 'research';
}

export function afterResearch(
  state: ResearchStateType,
  config: LangGraphRunnableConfig,
): Extract<NodeName, 'research' | 'synthesis' | 'notFound' | 'degraded'> {
  if (state.nextAgent === 'degraded') return 'degraded';
  if (state.nextAgent === 'notFound') return 'notFound';
  return state.nextAgent === 'research' && guard(state, config) ? 'research' : 'synthesis';
}

export function afterSynthesis(state: ResearchStateType, config: LangGraphRunnableConfig): Extract<NodeName, 'validation' | 'degraded'> | End {
  if (state.nextAgent === 'degraded') return 'degraded';
  if (state.nextAgent === 'validation' && guard(state, config)) return 'validation';
  return END;
}

export function afterValidation(state: ResearchStateType, config: LangGraphRunnableConfig): Extract<NodeName, 'synthesis'> | End {
  return state.nextAgent === 'synthesis' && guard(state, config) ? 'synthesis' : END;
}
