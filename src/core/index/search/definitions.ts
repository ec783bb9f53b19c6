/**
 * Definition lines: where a document defines a name rather than merely uses it. Reference
 * manuals, option lists, API docs and glossaries introduce each entry on a line of its own that
 * starts with the name:
 *
 *   CompleteMulti: If 1 (default), for multiple questions ...        (option list)
 *   * `resourceLimits` {Object} An optional set of resource limits  (API doc)
 *   ### `child_process.exec(command[, options][, callback])`       (API heading)
 *   --timelimit=SECONDS   stop after ...                            (man page)
 *
 * A question that names the identifier ("what does the CompleteMulti option do?") is nearly always
 * answered by that entry, yet BM25 ranks it by how many of the question's other words it holds,
 * and an entry states them once while a tutorial page repeats them.
 */

/** Marks a line may start with before the name: indentation, list bullets and numbers, quotes. */
const LEAD = String.raw`^[\s>*+•·\-–—]*(?:\d+(?:\.\d+)*[.)]?\s+)?[\x60'"“‘*]*`;
/** What follows the name on a defining line: a separator, a signature, a type, a wide gap. */
const TAIL = String.raw`[\x60'"”’*]*(?:\s*[:=({\[<,]|\s{2,}\S|\s+[-–—]\s)`;
/**
 * A Markdown heading holding the name defines it even with nothing after it. A bare name alone on
 * a line otherwise is as often a list of names (the options NODE_OPTIONS accepts) or a page title
 * as a definition.
 */
const HEADING = String.raw`^#{1,6}\s+[\x60'"“‘*]*`;
const HEADING_TAIL = String.raw`[\x60'"”’*]*(?:\s*$|\s*[:=({\[<,])`;

/**
 * The part of a question's token that a definition line spells: `-dKPreserve=2` is defined as
 * `-dKPreserve`, `child_process.exec(` as `child_process.exec`.
 */
export function definedName(identifier: string): string {
  return identifier.replace(/=.*$/u, '').replace(/[^\p{L}\p{N}_]+$/u, '');
}

/**
 * A pattern matching lines that define `identifier`, spelled as the question spells it: case
 * matters (`CompleteMulti` is the option, `completemulti` in prose is not), and so does the
 * qualifier (`worker.resourceLimits` is a property, `resourceLimits` a constructor option).
 */
export function definitionPattern(identifier: string): RegExp | null {
  const name = definedName(identifier);
  if (name.length < 2) return null;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  return new RegExp(`${LEAD}${escaped}${TAIL}|${HEADING}${escaped}${HEADING_TAIL}`, 'mu');
}
