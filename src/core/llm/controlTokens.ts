/**
 * Model control tokens in untrusted text. Ollama turns special-token text inside message content
 * into real control tokens (ollama/ollama#15931), so a document that contains
 * `<|eot_id|><|start_header_id|>system<|end_header_id|>` could end our turn and open its own
 * system turn. The sanitiser made here rewrites every token-shaped span so that it no longer
 * matches the token (nor our own data delimiters) while staying readable: its brackets and bars
 * become look-alikes that no tokenizer normalises back (NFKC leaves ‹ › ¦ ⟦ ⟧ alone):
 *
 *   <|eot_id|>  → ‹¦eot_id¦›     </document> → ‹/document›     [INST] → ⟦INST⟧
 *
 * What counts as a token: the generic shapes every common chat template uses (`<|…|>`, `<eos>`,
 * `<s>`, `<start_of_turn>`, `<think>`, `[INST]`, `<<SYS>>`, …), in any of the spellings that a
 * tokenizer or a model may read as them (full-width and small-form brackets, spaces and
 * zero-width characters inside, HTML entities), plus the tokens of the model's own template
 * (`controlTokensOf`, from Ollama's `/api/show`).
 */

export type Sanitise = (text: string) => string;

export interface PromptSanitiserOptions {
  /** Literal tokens of the model's template (see `controlTokensOf`); their names are neutralised in every spelling. */
  tokens?: readonly string[];
  /** Our own data delimiters (`document`, …): opening and closing tags, with or without attributes. */
  delimiters?: readonly string[];
}

/** Names of special tokens that appear as `<name>` or `</name>` in common templates. */
const GENERIC_ANGLE_NAMES = [
  's',
  'bos',
  'eos',
  'unk',
  'pad',
  'sep',
  'cls',
  'mask',
  'eot',
  'sop',
  'eop',
  'start_of_turn',
  'end_of_turn',
  'start_of_image',
  'end_of_image',
  'end_of_utterance',
  'think',
  'thinking',
  'reasoning',
  'answer',
  'tool_call',
  'tool_response',
  'tool_calls',
  'tools',
  'im_start',
  'im_end',
  'endoftext',
  'system',
  'user',
  'assistant',
];

// Spellings of the characters a token is made of. Entities may be double-encoded (&amp;lt;).
const ENT = '&(?:amp;)*';
const LT = `(?:[<＜﹤]|${ENT}(?:lt|#0*60|#x0*3c);)`;
const GT = `(?:[>＞﹥]|${ENT}(?:gt|#0*62|#x0*3e);)`;
const BAR = `(?:[|｜]|${ENT}(?:vert|verbar|#0*124|#x0*7c);)`;
const SL = `(?:[/／]|${ENT}(?:sol|#0*47|#x0*2f);)`;
const LSQ = `(?:[[［]|${ENT}(?:lsqb|lbrack|#0*91|#x0*5b);)`;
const RSQ = `(?:[\\]］]|${ENT}(?:rsqb|rbrack|#0*93|#x0*5d);)`;
/** Spacing a model reads through: blanks and zero-width characters, a few at most. */
const SP = '[\\s\\u200b-\\u200d\\u2060\\ufeff]{0,6}';
const NAME = '[\\p{L}\\p{N}_▁.:\\-]';

const SHAPES = new RegExp(
  [
    // <|eot_id|>, <｜User｜>, < | im_start | >
    `(?<pipe>${LT}${SP}${BAR}${SP}${NAME}{1,64}${SP}${BAR}${SP}${GT})`,
    // <<SYS>>, <</SYS>>
    `(?<double>${LT}${LT}${SP}(?:${SL}${SP})?(?<dname>\\p{L}[\\p{L}_]{1,31})${SP}${GT}${GT})`,
    // [INST], [/INST], [SYSTEM_PROMPT]
    `(?<square>${LSQ}${SP}(?:${SL}${SP})?(?<sname>\\p{L}${NAME}{1,40})${SP}${RSQ})`,
    // <eos>, </s>, <start_of_turn>, < /document>, <document n="9" …
    `(?<angle>${LT}${SP}(?:${SL}${SP})?(?<aname>\\p{L}[\\p{L}\\p{N}_\\-]{0,40})(?:${SP}${SL})?(?:${SP}${GT})?)`,
  ].join('|'),
  'giu',
);

const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
const LOOK_ALIKES: Array<[RegExp, string]> = [
  [new RegExp(LT, 'giu'), '‹'],
  [new RegExp(GT, 'giu'), '›'],
  [new RegExp(BAR, 'giu'), '¦'],
  [new RegExp(LSQ, 'giu'), '⟦'],
  [new RegExp(RSQ, 'giu'), '⟧'],
];

/**
 * The sanitiser for untrusted text entering a prompt: token shapes neutralised, control
 * characters (terminal escapes included) removed. Idempotent.
 */
export function createPromptSanitiser(options: PromptSanitiserOptions = {}): Sanitise {
  const angle = new Set(GENERIC_ANGLE_NAMES);
  const square = new Set<string>();
  const delimiters = new Set((options.delimiters ?? []).map((d) => d.toLowerCase()));
  for (const token of options.tokens ?? []) {
    const parsed = parseToken(token);
    if (parsed?.kind === 'angle') angle.add(parsed.name);
    if (parsed?.kind === 'square') square.add(parsed.name);
  }
  const isToken = (groups: Record<string, string | undefined>, match: string): boolean => {
    if (groups.pipe) return true;
    if (groups.double) return isUpper(groups.dname!);
    if (groups.square) return isUpper(groups.sname!) || square.has(groups.sname!.toLowerCase());
    const name = groups.aname!.toLowerCase();
    if (delimiters.has(name)) return true;
    // A special-token name counts only as a whole tag (`<s>`, not the `<s` of `<span>`).
    return angle.has(name) && /[>＞﹥;]$/u.test(match);
  };
  return (text) =>
    text.replace(CONTROL_CHARS, '').replace(SHAPES, (match: string, ...rest: unknown[]) => {
      const groups = rest.at(-1) as Record<string, string | undefined>;
      return isToken(groups, match) ? neutralised(match) : match;
    });
}

/** The literal control tokens of an Ollama chat template (Go template syntax): `<|eot_id|>`, `<start_of_turn>`, `[INST]`, … */
export function controlTokensOf(template: string): string[] {
  const literal = template.replace(/\{\{[\s\S]*?\}\}/g, '\n');
  const found = literal.match(/<<\/?[^<>\s]{1,40}>>|<[^<>\s]{1,64}>|\[[^[\]\s]{1,64}\]/g) ?? [];
  return [...new Set(found)].filter((t) => parseToken(t) !== null);
}

function parseToken(token: string): { kind: 'angle' | 'square' | 'other'; name: string } | null {
  const inner = /^(?:<<|[<[])\/?([^<>[\]]+?)\/?(?:>>|[>\]])$/u.exec(token)?.[1];
  if (!inner) return null;
  if (/^[|｜].*[|｜]$/u.test(inner)) return { kind: 'other', name: inner };
  if (!/^\p{L}[\p{L}\p{N}_\-.:▁]*$/u.test(inner)) return null;
  return { kind: token.startsWith('[') ? 'square' : token.startsWith('<<') ? 'other' : 'angle', name: inner.toLowerCase() };
}

function neutralised(match: string): string {
  let out = match.replace(ZERO_WIDTH, '');
  for (const [shape, replacement] of LOOK_ALIKES) out = out.replace(shape, replacement);
  return out;
}

const isUpper = (name: string) => name === name.toUpperCase() && name.length >= 3;
