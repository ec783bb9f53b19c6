/**
 * The research assistant a turn runs on, made from the model choice in one place. An Ollama or
 * model-server assistant (its LLM client with its context-length cache, its Langfuse client) is
 * kept while the choice and the retriever stay the same; a model the host hands in, or none, gets
 * an assistant for that turn alone, since the host's model can change from one request to the next.
 */
import type { TurnInput, TurnOptions, TurnResult } from '../graph/api';
import { resolveConfig, type ResearchConfig } from '../graph/config';
import type { ResearchAssistant, ResearchAssistantOptions } from '../graph/runTurn';
import type { Retriever } from '../index';
import { createLlmClient } from '../llm/modelServer';
import type { Logger } from '../ports';
import { noopTracer } from '../tracing/tracer';
import { graphConfig, modelServerOf, type ModelChoice, type SessionSettings } from './settings';

/**
 * The graph (LangGraph, its nodes, prompts and schemas) is loaded on the first turn: a command that
 * only searches, indexes or lists papers never initialises it. A plain `require`, as runTurn.ts
 * loads the compiled graph: lazy in the esbuild bundle, and it resolves extensionless paths under tsx.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadGraph = () => require('../graph/runTurn') as typeof import('../graph/runTurn');
type CreateAssistant = ReturnType<typeof loadGraph>['createResearchAssistant'];

export class Assistants {
  private kept: { key: string; retriever: Retriever; assistant: ResearchAssistant } | undefined;
  /** The graph's settings as resolved (environment and defaults included), e.g. to name where traces go. */
  readonly config: ResearchConfig;

  constructor(
    private readonly settings: SessionSettings,
    private readonly logger: Logger,
  ) {
    this.config = resolveConfig(graphConfig(settings));
  }

  async runTurn(model: ModelChoice, retriever: Retriever, input: TurnInput, options: TurnOptions): Promise<TurnResult> {
    const { createResearchAssistant } = loadGraph();
    if (model.kind === 'given' || model.kind === 'none') {
      const assistant = this.create(createResearchAssistant, retriever, model.kind === 'given' ? model.llm : null);
      try {
        return await assistant.runTurn(input, options);
      } finally {
        await assistant.dispose();
      }
    }
    const key = JSON.stringify(model);
    if (!this.kept || this.kept.key !== key || this.kept.retriever !== retriever) {
      const previous = this.kept;
      // Ollama: the graph's own client (config.ollamaHost), which degrades when Ollama is down.
      const server = modelServerOf(model);
      const llm = server ? createLlmClient(server, this.settings.limits) : undefined;
      this.kept = { key, retriever, assistant: this.create(createResearchAssistant, retriever, llm) };
      await previous?.assistant.dispose().catch(() => undefined);
    }
    return this.kept.assistant.runTurn(input, options);
  }

  private create(createResearchAssistant: CreateAssistant, retriever: Retriever, llm: ResearchAssistantOptions['llm']): ResearchAssistant {
    return createResearchAssistant({
      retriever,
      config: graphConfig(this.settings),
      logger: this.logger,
      ...(llm !== undefined ? { llm } : {}),
      ...(this.settings.chat.tracing === false ? { tracer: noopTracer } : {}),
    });
  }

  async dispose(): Promise<void> {
    const kept = this.kept;
    this.kept = undefined;
    await kept?.assistant.dispose();
  }
}
