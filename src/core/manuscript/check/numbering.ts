/**
 * Numbers a page uses to number its parts rather than to count anything.
 */

/** Words that name a numbered part: the number after them is its number. */
const REFERENCE_BEFORE = /\b(?:steps?|sections?|sect|chapters?|figures?|fig|tables?|tab|equations?|eqs?|appendix|pages?|pp?|lines?|items?)\.?\s*\(?$/iu;

/**
 * A number a page uses to number its parts, not to count anything: a heading's ("3. Illustrations",
 * "2.3 Splitting" at the start of a line), a reference to a numbered part ("step 3", "Table 2"), a
 * list item's or an equation's "(3)", or either end of a range ("steps 1–3", "pp. 3-5"). Held near
 * the claim's words, it is no hold on "three segments" (./passageSupport.ts).
 */
export function numberingAt(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  // A heading's number: alone on its line or before the heading's capital (the sentence may end at its stop: "3.").
  if (
    /^\d{1,2}(?:\.\d+)*$/u.test(text.slice(start, end)) &&
    /^[\s\d.]*$/u.test(text.slice(lineStart, start)) &&
    /^\.?(?:\d+\.?)*(?:\s+\p{Lu}|\s*$)/u.test(text.slice(end, end + 40))
  )
    return true;
  // A reference to a numbered part: "step 3", "Section 2.3", "Figure 3", "Table 2", "Equation (3)".
  if (REFERENCE_BEFORE.test(text.slice(Math.max(0, start - 14), start))) return true;
  // A list item's or an equation's number: "(3)" alone in its parentheses.
  if (/\($/u.test(text.slice(Math.max(0, start - 1), start)) && /^\)/u.test(text.slice(end, end + 1))) return true;
  return /\d\s?[–-]\s?$/u.test(text.slice(Math.max(0, start - 3), start)) || /^\s?[–-]\s?\d/u.test(text.slice(end, end + 3));
}
