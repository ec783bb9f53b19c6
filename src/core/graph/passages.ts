/**
 * How document text enters prompts: numbered, inside <document> tags, with anything that could
 * close a tag of ours or pose as a model control token neutralised (../llm/controlTokens).
 * Document text is data; the prompts say so and the delimiters make it unambiguous where data
 * starts and ends, whatever the document contains.
 */
import { reciprocalRankFusion, RRF_K } from '../index/search/fusion';
import type { SearchHit } from '../index/types';
import { createPromptSanitiser, type Sanitise } from '../llm/controlTokens';
import type { Citation } from './api';
import { snippetOf } from '../text/snippet';
import { paperDescription, placeText, type CitedPlace } from '../citations/citationLabel';
import { citationMarkers, markerNumbers } from '../citations/citationMarkers';
import { isDraft } from '../formats';

/** The tags our prompts wrap data in (prompts/*.md): text from outside may never open or close one. */
export const DATA_DELIMITERS = ['document', 'draft', 'excerpts', 'library', 'named_papers', 'passage', 'passages'] as const;

/**
 * One document-supplied value (a file name, title, author, heading) as one line of prompt data:
 * a line break in a file name must not start a line of its own that reads as the prompt's, nor a
 * control or bidi character hide or reorder what the model is shown. Runs of them become a space.
 */
export function dataLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, ' ');
}

/** The sanitiser for untrusted prompt text: our delimiters, the generic token shapes and `tokens` (the model's own). */
export function promptSanitiser(tokens: readonly string[] = []): Sanitise {
  return createPromptSanitiser({ tokens, delimiters: DATA_DELIMITERS });
}

/** Prompt text we rendered ourselves (our delimiters around sanitised text): a prompt takes it as it is. */
export interface RenderedData {
  readonly rendered: string;
}

export function renderedData(rendered: string): RenderedData {
  return { rendered };
}

/**
 * One passage as a data block; `clean` is the sanitiser of the model the prompt goes to. A passage
 * from the file of an earlier passage `sameFileAs` names that passage instead of the file and paper.
 */
export function renderPassage(hit: SearchHit, n: number, clean: Sanitise, maxChars = 2400, sameFileAs?: number): string {
  // The place as citations write it ("p. 14", "lines 3-6"): one formatter, core/citations/citationLabel.ts.
  const location = placeText(placeOfHit(hit));
  // A file name or heading is anyone's characters: a quote or a line break in it must not end the
  // attribute or the tag's line (the model would read what follows as the prompt's own markup).
  const attribute = (value: string) => dataLine(clean(value).replace(/"/g, "'"));
  const heading = hit.heading ? ` section="${attribute(hit.heading)}"` : '';
  // The paper's name lets the model see that "Chaussé (2010)" in the question is this document.
  const described = paperDescription(hit.paper);
  const paper = described ? ` paper="${attribute(described)}"` : '';
  // The user's own draft (.tex, .qmd, .Rmd): citable, never to be quoted as a source's words.
  const draft = isDraft(hit.path) ? ` author="the user: their own draft, not a published source"` : '';
  const text = hit.text.length > maxChars ? hit.text.slice(0, maxChars) + ' …' : hit.text;
  // The user's own note on the paper: citable as that page, never to be quoted as the paper's words.
  const own = hit.ownWords ? ` author="the user: their own note on this paper, not the paper's words"` : '';
  const source = sameFileAs === undefined ? `file="${attribute(hit.path)}"${paper}` : `same-file-as="${sameFileAs}"`;
  return `<document n="${n}" ${source}${location ? ` location="${location}"` : ''}${heading}${draft || own}>\n${clean(text)}\n</document>`;
}

/** What a citation label needs of a hit (core/citations/citationLabel.ts). */
export function placeOfHit(hit: SearchHit): CitedPlace {
  const place: CitedPlace = { file: hit.path };
  if (hit.pageStart !== null) place.page = hit.pageStart;
  if (hit.pageStart !== null && hit.pageEnd !== null && hit.pageEnd > hit.pageStart) place.pageEnd = hit.pageEnd;
  if (hit.lineStart !== null) place.lines = [hit.lineStart, hit.lineEnd ?? hit.lineStart];
  if (hit.paper) place.paper = hit.paper;
  if (hit.ownWords) place.ownWords = true;
  return place;
}

export function citationOf(hit: SearchHit, index: number): Citation {
  const { file, page, pageEnd, lines, paper, ownWords } = placeOfHit(hit);
  return {
    index,
    file,
    ...(page !== undefined ? { page } : {}),
    ...(pageEnd !== undefined ? { pageEnd } : {}),
    ...(lines ? { lines } : {}),
    snippet: snippetOf(hit.text),
    text: hit.text,
    ...(hit.docHash ? { docHash: hit.docHash } : {}),
    ...(paper ? { paper } : {}),
    ...(ownWords ? { ownWords } : {}),
  };
}

/** The citations an answer actually uses, in the order of their numbers; unknown numbers are ignored. */
export function citationsIn(answer: string, passages: readonly SearchHit[]): Citation[] {
  const used = new Set<number>();
  for (const m of answer.matchAll(citationMarkers())) {
    for (const n of markerNumbers(m[1])) if (n >= 1 && n <= passages.length) used.add(n);
  }
  return [...used].sort((a, b) => a - b).map((n) => citationOf(passages[n - 1], n));
}

/** Two hits with these equal are one passage for the answer: the same words, whatever their spacing and case. */
const passageText = (hit: SearchHit) => hit.text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Merges hit lists (reciprocal-rank fusion, as search fuses its own lists), one entry per passage:
 * copies of one text (the same id, or the same words in another file) add their votes to the
 * passage's, which keeps the copy seen first. Two sub-queries may each bring a different copy of
 * the passage that answers both.
 */
export function mergeHits(lists: readonly (readonly SearchHit[])[], k = RRF_K): SearchHit[] {
  return reciprocalRankFusion(
    lists.map((items) => ({ items: [...items], weight: 1 })),
    passageText,
    k,
  ).map(({ item, score }) => ({ ...item, score }));
}

/** Renders the conversation for prompts that take it as text; long turns (answers) are cut, keeping their start. */
export function renderConversation(messages: readonly { role: string; content: string }[], maxCharsPerTurn = 1200): string {
  if (messages.length === 0) return '(none)';
  return messages
    .map((m) => {
      const text = m.content.length > maxCharsPerTurn ? m.content.slice(0, maxCharsPerTurn) + ' …' : m.content;
      return `${m.role === 'user' ? 'User' : 'Assistant'}: ${text}`;
    })
    .join('\n');
}
