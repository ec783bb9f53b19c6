/**
 * Picks the embedder for an indexing run (`auto` = best available, and says why) and rebuilds
 * the one an existing index was made with, so queries are embedded the same way.
 */
import type { Logger } from '../../ports';
import type { NetworkLimits } from '../../llm/timeouts';
import type { IndexMeta } from '../store/indexStore';
import type { Embedder, EmbedderChoice, EmbedMode } from './embedder';
import { EmbedderError } from './errors';
import { DEFAULT_OLLAMA_EMBED_MODEL, OllamaEmbedder } from './ollama';
import { OpenAiEmbedder } from './openai';
import { DEFAULT_LOCAL_PRECISION, LocalEmbedder, checkLocalModelDir, parseLocalEmbedderId, parseLocalModelName, type LocalPrecision } from './local';

/** Where an OpenAI-compatible server is (core/llm/modelServer). */
export interface OpenAiServer {
  baseUrl: string;
  apiKey?: string | null;
}

export interface EmbedderSelection {
  mode: EmbedMode;
  /** Ollama host; default OLLAMA_HOST, else 127.0.0.1:11434. */
  ollamaHost?: string | null;
  /** Ollama embedding model; default nomic-embed-text. Also the model asked of an OpenAI-compatible server. */
  ollamaModel?: string | null;
  /**
   * An OpenAI-compatible server (the model provider `openai-compatible`): `auto` then embeds there
   * instead of asking Ollama.
   */
  openai?: OpenAiServer | null;
  /** Folder of a local transformers.js model (e.g. all-MiniLM-L6-v2). */
  modelDir?: string | null;
  /**
   * Weights for the local model; default DEFAULT_LOCAL_PRECISION (int8), also for an index built
   * with the other precision: that index is then re-embedded, with the indexer's notice.
   */
  localPrecision?: LocalPrecision | null;
  /** The index's record, when one exists: `auto` prefers what the index was built with. */
  indexMeta?: IndexMeta | null;
  /** Network limits for Ollama (ms); the rest from the environment or the defaults. */
  limits?: Partial<NetworkLimits>;
  signal?: AbortSignal;
  logger?: Logger;
}

/**
 * Resolves the selection to a ready embedder (probed, dimension known) or null for full-text
 * only. An explicit `ollama` / `local` that does not work throws its typed error; `auto` falls
 * through to the next option and records why in `reason`.
 */
export async function selectEmbedder(selection: EmbedderSelection): Promise<EmbedderChoice> {
  const choice = await chooseEmbedder(selection);
  // `auto` never turns an index with vectors into a full-text one because its embedder failed
  // this time (one bad reply, a server restarting): that would drop every vector and read every
  // document again. Switching to full-text is asked for by name.
  const recorded = selection.indexMeta?.embeddingModel ?? null;
  if (selection.mode === 'auto' && recorded && !choice.embedder) {
    throw new EmbedderKeptError(recorded, choice.reason.replace(/^auto: /, '').replace(/; full-text only$/, ''));
  }
  return choice;
}

/** `--embed auto` found no embedder for an index that holds vectors: the index is left as it is. */
export class EmbedderKeptError extends EmbedderError {
  constructor(
    readonly recorded: string,
    why: string,
  ) {
    super(
      `the index holds ${recorded} vectors and no embedder could be used (${why}): --embed auto keeps them rather than turn the index into a full-text one; run again when the embedder is back, or switch on purpose with --embed none`,
      'embedder-kept',
    );
  }
}

async function chooseEmbedder(selection: EmbedderSelection): Promise<EmbedderChoice> {
  const { mode, signal } = selection;
  if (mode === 'none') return { embedder: null, reason: 'full-text only (--embed none)' };
  // An index built with a local model keeps it under `auto` (see below), whatever the provider.
  const keepsLocal = parseLocalEmbedderId(selection.indexMeta?.embeddingModel) !== null;
  if (mode === 'openai' || (mode === 'auto' && selection.openai && !keepsLocal)) return selectOpenAi(selection);
  if (mode === 'ollama') {
    const embedder = makeOllama(selection);
    await embedder.probe(signal);
    return { embedder, reason: `Ollama at ${embedder.host}, model ${embedder.model}` };
  }
  if (mode === 'local') {
    const modelDir = selection.modelDir ?? selection.indexMeta?.modelDir;
    if (!modelDir) throw new EmbedderSelectionError('--embed local needs --model-dir DIR (a transformers.js model folder, e.g. all-MiniLM-L6-v2)');
    const embedder = new LocalEmbedder({ modelDir, precision: selection.localPrecision ?? DEFAULT_LOCAL_PRECISION });
    await embedder.probe(signal);
    return { embedder, reason: `local model ${embedder.model} (${embedder.precision}) from ${embedder.modelDir}` };
  }

  // auto: Ollama with the model, else a local model folder, else full-text only. An index built
  // with a local model keeps it while the folder is usable: switching would re-embed everything.
  const why: string[] = [];
  const modelDir = selection.modelDir ?? selection.indexMeta?.modelDir ?? null;
  const recorded = parseLocalEmbedderId(selection.indexMeta?.embeddingModel);
  const recordedLocal = recorded !== null;
  const tryLocal = async (): Promise<LocalEmbedder | null> => {
    if (!modelDir) {
      why.push('no local model folder (--model-dir)');
      return null;
    }
    try {
      await checkLocalModelDir(modelDir);
      const local = new LocalEmbedder({ modelDir, precision: selection.localPrecision ?? recorded?.precision ?? DEFAULT_LOCAL_PRECISION });
      await local.probe(signal);
      return local;
    } catch (error) {
      if (signal?.aborted || !(error instanceof EmbedderError)) throw error;
      why.push(`local model unusable (${error.message})`);
      return null;
    }
  };
  // Keeping the index's local model means its precision too (unless one is asked for).
  if (recordedLocal) {
    const local = await tryLocal();
    if (local)
      return { embedder: local, reason: `auto: the index was built with local model ${local.model}; using it (${local.precision}) from ${local.modelDir}` };
  }
  const ollama = makeOllama(selection);
  try {
    await ollama.probe(signal);
    return { embedder: ollama, reason: `auto: Ollama at ${ollama.host} has ${ollama.model}` };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (!(error instanceof EmbedderError)) throw error;
    why.push(error.code === 'model-missing' ? `Ollama has no ${ollama.model}` : error.code === 'embed-timeout' ? error.message : `no Ollama at ${ollama.host}`);
  }
  if (!recordedLocal) {
    const local = await tryLocal();
    if (local) return { embedder: local, reason: `auto: ${why.join(', ')}; using local model ${local.model} (${local.precision}) from ${local.modelDir}` };
  }
  return { embedder: null, reason: `auto: ${why.join(', ')}; full-text only` };
}

/**
 * The embedder an existing index was built with, for embedding queries; null when the index is
 * full-text only. Does not probe: a failing backend surfaces on the first query, where search
 * can fall back to full-text.
 */
export function embedderForIndex(
  meta: IndexMeta,
  overrides: {
    ollamaHost?: string | null;
    openai?: OpenAiServer | null;
    modelDir?: string | null;
    localPrecision?: LocalPrecision | null;
    limits?: Partial<NetworkLimits>;
  } = {},
): Embedder | null {
  const model = meta.embeddingModel;
  if (!model) return null;
  const [kind, ...rest] = model.split(':');
  const name = rest.join(':');
  if (kind === 'openai') {
    if (!overrides.openai) {
      throw new EmbedderSelectionError(
        `the index holds vectors of ${name} from an OpenAI-compatible server, and no such server is configured (CLI: --provider openai-compatible --base-url URL; VS Code: research.llm.provider, research.llm.baseUrl)`,
      );
    }
    return new OpenAiEmbedder({ ...overrides.openai, model: name, ...(overrides.limits ? { limits: overrides.limits } : {}) });
  }
  if (kind === 'ollama') return new OllamaEmbedder({ host: overrides.ollamaHost, model: name, ...(overrides.limits ? { limits: overrides.limits } : {}) });
  if (kind === 'local') {
    const modelDir = overrides.modelDir ?? meta.modelDir;
    if (!modelDir) throw new EmbedderSelectionError(`the index uses local model ${name}, but its folder is unknown: pass --model-dir`);
    // Queries must be embedded with the weights the chunks were: the recorded precision decides.
    const { model: modelName, precision } = parseLocalModelName(name);
    if (overrides.localPrecision && overrides.localPrecision !== precision) {
      throw new EmbedderSelectionError(
        `the index holds ${precision} vectors of ${modelName}; queries must use the same weights: drop --local-precision ${overrides.localPrecision}, or re-index with it`,
      );
    }
    return new LocalEmbedder({ modelDir, precision });
  }
  throw new EmbedderSelectionError(`the index records an unknown embedding model '${model}': run \`index --rebuild\``);
}

/**
 * The provider's server embeds. `auto` falls back to a usable local model folder, else full-text
 * only, when the server is down; a refused key is not an absence to work around but a setting to
 * fix, so it stops the run like an explicit choice.
 */
async function selectOpenAi(selection: EmbedderSelection): Promise<EmbedderChoice> {
  const server = selection.openai;
  if (!server) throw new EmbedderSelectionError('embeddings from an OpenAI-compatible server need its base URL: --provider openai-compatible --base-url URL');
  const recorded = selection.indexMeta?.embeddingModel?.startsWith('openai:') ? selection.indexMeta.embeddingModel.slice('openai:'.length) : null;
  const embedder = new OpenAiEmbedder({
    ...server,
    model: selection.ollamaModel ?? recorded ?? DEFAULT_OLLAMA_EMBED_MODEL,
    ...(selection.limits ? { limits: selection.limits } : {}),
  });
  const described = `model server at ${embedder.host}, model ${embedder.model}`;
  if (selection.mode !== 'auto') {
    await embedder.probe(selection.signal);
    return { embedder, reason: described };
  }
  try {
    await embedder.probe(selection.signal);
    return { embedder, reason: `auto: ${described}` };
  } catch (error) {
    if (selection.signal?.aborted || !(error instanceof EmbedderError) || error.code === 'key-refused') throw error;
    const fallback = await selectEmbedder({ ...selection, openai: null, mode: selection.modelDir ? 'local' : 'none' }).catch((e: unknown) => {
      if (!(e instanceof EmbedderError)) throw e;
      return { embedder: null, reason: 'full-text only' };
    });
    return { embedder: fallback.embedder, reason: `auto: ${error.message}; ${fallback.embedder ? fallback.reason : 'full-text only'}` };
  }
}

export class EmbedderSelectionError extends EmbedderError {
  constructor(message: string) {
    super(message, 'local-model-missing');
  }
}

function makeOllama(selection: EmbedderSelection): OllamaEmbedder {
  const recorded = selection.indexMeta?.embeddingModel?.startsWith('ollama:') ? selection.indexMeta.embeddingModel.slice('ollama:'.length) : null;
  return new OllamaEmbedder({
    host: selection.ollamaHost,
    model: selection.ollamaModel ?? recorded ?? DEFAULT_OLLAMA_EMBED_MODEL,
    ...(selection.limits ? { limits: selection.limits } : {}),
  });
}
