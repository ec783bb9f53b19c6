/**
 * A sentence as a reader reads it, for searching and for showing: LaTeX commands and braces
 * dropped (the text of `\emph{…}`, `\pkg{…}`, `\code{…}` kept), ties and escaped characters as
 * the characters they print, Markdown emphasis, code ticks and link targets dropped (link text
 * kept). Citations are cut out before this runs. Not a renderer: good enough to search with.
 */
import type { DraftFormat } from '../parsedDraft';
import { MAX_INLINE_CODE } from '../../text/regions';

const LATEX_SYMBOLS: Record<string, string> = {
  '%': '%',
  '&': '&',
  _: '_',
  $: '$',
  '#': '#',
  '{': '',
  '}': '',
  ' ': ' ',
  ',': ' ',
  ';': ' ',
  '!': '',
  '\\': ' ',
  '@': '',
};
const LATEX_WORDS: Record<string, string> = {
  ldots: '...',
  dots: '...',
  textendash: '-',
  textemdash: '-',
  times: 'x',
  pm: '±',
  leq: '≤',
  geq: '≥',
  le: '≤',
  ge: '≥',
  alpha: 'alpha',
  beta: 'beta',
  gamma: 'gamma',
  sigma: 'sigma',
  lambda: 'lambda',
  mu: 'mu',
  theta: 'theta',
  chi: 'chi',
  epsilon: 'epsilon',
  rho: 'rho',
  tau: 'tau',
};

export function plainSentence(source: string, format: DraftFormat): string {
  const text = format === 'latex' ? plainLatex(source) : plainMarkdown(source);
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?)])/g, '$1')
    .replace(/(^|\s)\(\s*\)/g, '$1')
    .replace(/\s+([.,;:!?)])/g, '$1')
    .trim();
}

/**
 * Commands that print a name, a year or nothing: their keys are not words of the sentence. Every
 * argument is bounded (no bracket inside, at most ARG characters): an unclosed one looks no further.
 */
const ARG = 2000;
const NON_CLAIM_CITES = new RegExp(
  String.raw`\\(?:citeauthor|Citeauthor|citeyear|citeyearpar|citetitle|citeurl|citedate|nocite)\*?(?:\[[^[\]]{0,${ARG}}\])*\{[^{}]{0,${ARG}}\}`,
  'g',
);

const ITEM = new RegExp(String.raw`\\(?:item|caption)(\[[^[\]]{0,${ARG}}\])?`, 'g');
/** Inline code is short: an unclosed delimiter looks no further than CODE characters on its line (as ./latexRegions.ts reads it). */
const CODE = MAX_INLINE_CODE;
const VERB = new RegExp(String.raw`\\verb\*?([^A-Za-z\s])(.{0,${CODE}}?)\1`, 'g');
const INLINE_CODE = new RegExp(
  String.raw`\\(?:lstinline|mintinline)(?:\[[^[\]\n]{0,${CODE}}\])?(?:\{[^{}\n]{0,${CODE}}\}(?=\{))?(?:\{([^{}\n]{0,${CODE}})\}|([^A-Za-z\s{])(.{0,${CODE}}?)\2)`,
  'g',
);

function plainLatex(source: string): string {
  // Inline code keeps its characters: set aside while the commands around it are dropped.
  const code: string[] = [];
  const keep = (text: string) => `\u0000${code.push(text) - 1}\u0000`;
  return source
    .replace(VERB, (_, __, body: string) => keep(body))
    .replace(INLINE_CODE, (_, braced?: string, __?: string, delimited?: string) => keep(braced ?? delimited ?? ''))
    .replace(NON_CLAIM_CITES, '')
    .replace(ITEM, ' ')
    .replace(/\\[`'^"~=.]\{?([A-Za-z])\}?/g, '$1')
    .replace(/\\[uvHckbdr](?:\{([A-Za-z])\}|\s+([A-Za-z])(?![A-Za-z]))/g, '$1$2')
    .replace(/\\([A-Za-z]+)\*?/g, (_, word: string) => LATEX_WORDS[word] ?? ' ')
    .replace(/\\(.)/g, (_, ch: string) => LATEX_SYMBOLS[ch] ?? ch)
    .replace(/~/g, ' ')
    .replace(/---?/g, '-')
    .replace(/``|''/g, '"')
    .replace(/[{}$]/g, '')
    .replace(/\u0000(\d+)\u0000/g, (_, i: string) => code[Number(i)]!);
}

function plainMarkdown(source: string): string {
  // An inline note (`^[…]`) is read as its text.
  const note = /^\s*\^\[([\s\S]*)\]\s*$/.exec(source);
  return (
    (note ? note[1]! : source)
      .replace(/^[ \t]*(#{1,6}|[-*+]|\d{1,9}[.)])[ \t]+/gm, '')
      // Link text holds no bracket and a target no parenthesis: each `[` looks no further than the next one.
      .replace(/!?\[([^[\]]*)\]\([^()]*\)/g, '$1')
      .replace(/`+/g, '')
      .replace(/(^|[\s(])[*_]{1,3}(?=\S)|(?<=\S)[*_]{1,3}(?=[\s).,;:!?]|$)/g, '$1')
      .replace(/\\([\\`*_{}[\]()#+\-.!@$])/g, '$1')
  );
}
