/**
 * Routers: each reads the `nextAgent` its node set and returns a literal node name. An unknown
 * or exhausted value ends the turn rather than loop; the counters in state bound every cycle.
 */
import { END } from '@langchain/langgraph';
import type { ResearchStateType } from './state';

/** Upper bound on node runs per turn: gate, orchestrator, research x3, synthesis x3, validation x3, degraded. */
export const MAX_NODE_RUNS = 14;

type End = typeof END;

const guard = (state: ResearchStateType): boolean => state.iteration < MAX_NODE_RUNS;

export function afterGate(state: ResearchStateType): 'orchestrator' | 'degraded' | End {
  if (state.nextAgent === 'orchestrator') return 'orchestrator';
  if (state.nextAgent === 'degraded') return 'degraded';
  return END;
}

export function afterOrchestrator(state: ResearchStateType): 'clarification' | 'research' | 'degraded' {
  if (state.nextAgent === 'degraded') return 'degraded';
  return state.nextAgent === 'clarification' ? 'clarification' : 'research';
}

export function afterResearch(state: ResearchStateType): 'research' | 'synthesis' | 'notFound' | 'degraded' {
  if (state.nextAgent === 'degraded') return 'degraded';
  if (state.nextAgent === 'notFound') return 'notFound';
  return state.nextAgent === 'research' && guard(state) ? 'research' : 'synthesis';
}

export function afterSynthesis(state: ResearchStateType): 'validation' | 'degraded' | End {
  if (state.nextAgent === 'degraded') return 'degraded';
  if (state.nextAgent === 'validation' && guard(state)) return 'validation';
  return END;
}

export function afterValidation(state: ResearchStateType): 'synthesis' | End {
  return state.nextAgent === 'synthesis' && guard(state) ? 'synthesis' : END;
}
