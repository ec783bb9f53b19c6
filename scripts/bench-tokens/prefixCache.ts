/**
 * What a local model server must read for each chat request, counted in Llama 3 tokens.
 *
 * A request is laid out as Llama 3's chat template lays it out (`<|start_header_id|>role
 * <|end_header_id|>\n\ncontent<|eot_id|>` per message, then the assistant header), tokenized by
 * llama3-tokenizer-js (Llama 3's own vocabulary, bundled in the package: no download). The server
 * is modelled as Ollama and llama.cpp run it with one slot per loaded model: it keeps the tokens of
 * the previous request to that model and reads again only what follows their longest common
 * prefix. A request with another `num_ctx` than the previous one to the same model reloads the
 * model (Ollama does), so nothing is reused.
 */
import llama3Tokenizer from 'llama3-tokenizer-js';

export interface ChatBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  options?: Record<string, unknown>;
  keep_alive?: unknown;
}

export interface RequestCost {
  /** Characters of the messages' contents (what the product wrote). */
  chars: number;
  /** Llama 3 tokens of the whole templated prompt. */
  tokens: number;
  /** Tokens shared with the previous request to the same model (its longest common prefix). */
  reused: number;
  /** Tokens the server must read: `tokens - reused`, at least one (the last token is always evaluated). */
  read: number;
}

// The package's default export is the ready tokenizer; under CommonJS interop it can arrive wrapped.
const tokenizer = ((llama3Tokenizer as unknown as { default?: typeof llama3Tokenizer }).default ?? llama3Tokenizer) as typeof llama3Tokenizer;

export function templated(messages: ChatBody['messages']): string {
  const turns = messages.map((m) => `<|start_header_id|>${m.role}<|end_header_id|>\n\n${m.content}<|eot_id|>`).join('');
  return `<|begin_of_text|>${turns}<|start_header_id|>assistant<|end_header_id|>\n\n`;
}

export function countTokens(text: string): number {
  return tokenizer.encode(text, { bos: false, eos: false }).length;
}

/** Length of the longest common prefix of two token lists. */
export function commonPrefix(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

/** One model server's prompt caches, one slot per model, fed the requests in the order they arrive. */
export class PrefixCacheServer {
  private readonly slots = new Map<string, { numCtx: unknown; tokens: number[] }>();

  read(body: ChatBody): RequestCost {
    const tokens = tokenizer.encode(templated(body.messages), { bos: false, eos: false });
    const numCtx = body.options?.num_ctx;
    const slot = this.slots.get(body.model);
    const reused = slot && slot.numCtx === numCtx ? Math.min(commonPrefix(slot.tokens, tokens), tokens.length - 1) : 0;
    this.slots.set(body.model, { numCtx, tokens });
    return {
      chars: body.messages.reduce((n, m) => n + m.content.length, 0),
      tokens: tokens.length,
      reused,
      read: tokens.length - reused,
    };
  }
}
