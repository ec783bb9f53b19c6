/**
 * Runs one research turn on core's graph. Wired to H3's `runTurn` once it lands; until then a
 * typed error says the graph is missing (rendered in chat through errorDetails).
 */
import type { TurnResult } from '../../core/graph/api';
import type { Retriever } from '../../core/index/types';
import type { EngineTurnRequest } from './types';

export async function runResearchTurn(_request: EngineTurnRequest, _retriever: Retriever): Promise<TurnResult> {
  throw Object.assign(new Error('the research graph is not built into this version'), { code: 'graph-missing' });
}
