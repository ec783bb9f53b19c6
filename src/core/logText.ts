/**
 * Log lines carry at most a short snippet of text that came from a document or a model (a
 * question, an agent's reason, an error's details): one line, no control characters (a log read
 * in a terminal must not run escapes), cut at a word.
 */
import { snippetOf } from './text/snippet';

const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function logSnippet(text: string, max = 160): string {
  return snippetOf(text.replace(CONTROL_CHARS, ' '), max);
}
