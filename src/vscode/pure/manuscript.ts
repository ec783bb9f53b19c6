/**
 * The editor's manuscript tools, the parts that need no editor: which files are drafts, the text
 * of a citation check's diagnostic, and what the writer is asked before a bib entry is added. No
 * `vscode` import (unit-tested).
 */
import type { BibEdit } from '../../core/manuscript';
import type { EngineCitationCheck } from '../engine/contract';

/** LaTeX and Markdown drafts; `.qmd` and `.Rmd` have no built-in language id, so files are matched by name. */
export const DRAFT_GLOB = '**/*.{tex,ltx,md,markdown,qmd,Qmd,Rmd,rmd}';
const DRAFT_NAME = /\.(tex|ltx|md|markdown|qmd|rmd)$/i;

export function isDraftPath(path: string): boolean {
  return DRAFT_NAME.test(path);
}

/** The Problems panel's line for a flagged citation, naming the paper that says it when there is one. */
export function diagnosticMessage(check: EngineCitationCheck): string {
  // Whom a library paper credits for the sentence, after the verdict's own words.
  const verdict = verdictMessage(check);
  return check.attribution ? `${verdict} ${check.attribution.text}` : verdict;
}

function verdictMessage(check: EngineCitationCheck): string {
  const suggested = check.suggested
    ? ` ${check.suggested.label} says this${check.suggested.key ? ` (${check.suggested.key})` : ' (not in your bibliography yet)'}.`
    : '';
  switch (check.verdict) {
    case 'supported':
      return `${check.key}: supported by ${check.evidence?.label ?? 'the cited paper'}.`;
    case 'other-page':
      return `${check.key}: ${check.reason}.`;
    case 'not-found':
      return `${check.key}: not found in the cited paper (${check.reason}).${suggested}`;
    case 'contradicted':
      return `${check.key}: contradicted by the cited paper, ${check.evidence?.label ?? ''}: ${check.reason}.${suggested}`;
    case 'not-in-library':
      return `${check.key}: not in your library: ${check.reason}.`;
  }
}

/** The confirmation asked before bib entries are added: a one-line question and the entries as its detail. */
export function bibEntryQuestion(edits: readonly BibEdit[], fileName: (path: string) => string): { message: string; detail: string } {
  const entries = edits.flatMap((e) => e.entries);
  const files = [...new Set(edits.map((e) => fileName(e.file)))].join(', ');
  const keys = entries.map((e) => e.key).join(', ');
  const created = edits.some((e) => !e.exists) ? ' (it does not exist yet: it is created)' : '';
  return {
    message: `${entries.length === 1 ? `${keys} is` : `${keys} are`} not in ${files}. Add ${entries.length === 1 ? 'its entry' : 'their entries'} to ${files}${created}?`,
    detail: entries.map((e) => e.text.trim()).join('\n\n'),
  };
}

/** A bib file's text with entries appended after one blank line, as the plan writes them (trailing blank space replaced). */
export function appendedEntries(bibText: string, entries: ReadonlyArray<{ text: string }>): { start: number; text: string } {
  const kept = bibText.replace(/\s*$/, '');
  const body = entries.map((e) => e.text.replace(/\s*$/, '')).join('\n\n');
  return { start: kept.length, text: `${kept === '' ? '' : '\n\n'}${body}\n` };
}
