/**
 * Gate: checks what the turn can use before any agent runs. No index, or an empty one, stops the
 * turn with a message that says what to do; no reachable LLM (or none configured) sends it to
 * the degraded, extractive path instead of failing.
 */
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { isAbortError } from '../../llm/errors';
import { isIndexDamage } from '../../index/store/errors';
import { problemOf } from '../llmDown';
import { describeScope, SCOPE_NOT_INDEXED } from '../scope';
import { decision, runtimeOf, type GraphRuntime } from '../runtime';
import type { ResearchStateType, ResearchUpdate } from '../state';

export const INDEX_HINT = 'Index your documents first (CLI: `research-assistant index <folder>`; VS Code: "Research: Index Workspace").';

/** "Searching your Thesis / Chapter 2 collection…" when the host named the scope; else its entries ("Searching only: notes/x.md"). */
function searchingText(matched: readonly string[], name: string | undefined): string {
  return name ? `Searching ${name}…` : `Searching only: ${describeScope(matched)}`;
}

export async function gateNode(state: ResearchStateType, config: LangGraphRunnableConfig): Promise<ResearchUpdate> {
  const runtime = runtimeOf(config);
  const started = performance.now();
  // Index and LLM are checked in parallel: each is a round trip, and this runs on every turn.
  const models = Object.values(runtime.config.models);
  const [index, ready] = await Promise.all([
    // The document list alone answers "is there anything to search" (one table read, not two).
    runtime.retriever.listDocuments().then(
      (documents) => ({ ok: true as const, documents }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
    runtime.llm
      ? runtime.llm.checkReady(models, runtime.signal).then(
          () => null,
          (error: unknown) => error,
        )
      : Promise.resolve(null),
  ]);
  if (!index.ok) {
    // A damaged index fails the turn with its own error (rebuild it), not "index your documents first".
    if (isAbortError(index.error, runtime.signal) || isIndexDamage(index.error)) throw index.error;
    runtime.logger.warn('gate: index unavailable', index.error);
    return stop('index-missing', 'No document index could be opened.', started);
  }
  // Under a scope the listing holds only the scope's documents; the scope's resolution tells "none referenced is indexed" from "nothing is".
  const scope = runtime.scope ? await runtime.scope() : null;
  if (scope && scope.indexed > 0 && scope.documents.length === 0) {
    return stop(SCOPE_NOT_INDEXED, `Not indexed yet: ${describeScope(scope.notIndexed)}; none of the documents you referenced is in the index.`, started);
  }
  if (index.documents.length === 0 || index.documents.every((d) => d.chunks === 0))
    return stop('index-empty', 'The document index is empty: there is nothing to search yet.', started);
  const documents = index.documents;
  if (scope) runtime.emit({ type: 'progress', agent: 'gate', message: searchingText(scope.matched, runtime.scopeName) });
  const library = await papersOf(runtime, state.question);
  if (!runtime.llm) {
    return {
      documents,
      ...library,
      nextAgent: 'degraded',
      problem: {
        code: 'llm-not-configured',
        message: 'No language model is configured, so answers quote the best passages.',
        action: `Install Ollama (https://ollama.com) and pull a chat model (\`ollama pull ${runtime.config.models.synthesis}\`)`,
      },
      decisions: [decision('gate', 'degraded', 'no LLM configured', started)],
    };
  }
  if (ready !== null) {
    const error = ready;
    if (isAbortError(error, runtime.signal)) throw error;
    const problem = problemOf(error, 'The language model could not be reached.');
    runtime.logger.info(`gate: ${problem.message}; answering extractively`, error);
    return {
      documents,
      ...library,
      nextAgent: 'degraded',
      problem,
      decisions: [decision('gate', 'degraded', problem.message, started)],
    };
  }
  return {
    documents,
    ...library,
    nextAgent: 'orchestrator',
    decisions: [decision('gate', 'proceed', `${documents.length} documents indexed, LLM ready`, started)],
  };
}

/**
 * The library's papers and those the question names. Only a refinement: a retriever without
 * papers, or one whose library cannot be read, leaves both empty and the turn goes on.
 */
async function papersOf(runtime: GraphRuntime, question: string): Promise<Pick<ResearchUpdate, 'papers' | 'namedPapers'>> {
  try {
    const [papers, namedPapers] = await Promise.all([
      runtime.retriever.papers?.() ?? [],
      question.trim() ? (runtime.retriever.namedPapers?.(question) ?? []) : [],
    ]);
    return { papers, namedPapers };
  } catch (error) {
    if (isAbortError(error, runtime.signal) || isIndexDamage(error)) throw error;
    runtime.logger.warn("gate: the library's papers could not be read; documents are listed by path", error);
    return { papers: [], namedPapers: [] };
  }
}

function stop(code: string, message: string, started: number): ResearchUpdate {
  return {
    nextAgent: 'end',
    route: 'fallback',
    draftAnswer: `${message} ${INDEX_HINT}`,
    problem: { code, message, action: INDEX_HINT },
    decisions: [decision('gate', 'stop', message, started)],
  };
}
