/**
 * Passages that are a paper's reference list. They name the works a question names ("Newey and
 * West (1987)", "Morgan and Sonquist (1963)") and share its rarest words (authors, titles,
 * journals), so BM25 ranks them first, yet they never say what a work found: the answer is in
 * the text that cites it. Search ranks them below the passages that discuss (search.ts), unless
 * the question asks about references themselves.
 */

/** Marks of one bibliography entry, in the common styles: "(2013). ", "21(6), 1087–1092", "14:135–161, 1995.", ", 1995. Next", "URL http", "doi:10.". */
const ENTRY_MARKS = [
  /\((?:1[89]|20)\d\d[a-z]?\)\.\s/g,
  /\b\d+\s?\(\d+\),\s*\d+\s?[–-]\s?\d+/g,
  /\b\d+:\s?\d+\s?[–-]\s?\d+,\s(?:1[89]|20)\d\d\./g,
  /,\s(?:1[89]|20)\d\d[a-z]?\.\s+(?=\p{Lu})/gu,
  /\bURL\s+https?:/g,
  /\bdoi:\s?10\.\d{4}/gi,
];

/**
 * At least this many entry marks per 1,000 characters (and 3 in all) make a passage a reference
 * list. Measured on the 62-paper corpus (docs/benchmarks.md): 87% of passages have under 1, the
 * reference lists 5 and more; the passages between 2 and 4 mix a conclusion or an appendix with
 * the first entries, and are left as they are.
 */
const MIN_DENSITY = 4;
const MIN_MARKS = 3;

export function isReferenceList(text: string): boolean {
  if (text.length === 0) return false;
  let marks = 0;
  for (const mark of ENTRY_MARKS) marks += text.match(mark)?.length ?? 0;
  return marks >= MIN_MARKS && (marks * 1000) / text.length >= MIN_DENSITY;
}

/** The question asks about references (who cites what, a bibliography, a source's details): reference lists answer it. */
export function asksAboutReferences(question: string): boolean {
  return /\b(cit(e|es|ed|ing|ation|ations)|referenc(e|es|ed)|bibliograph\w*|sources? list|reading list|which (journal|publisher|volume))\b/i.test(question);
}

/**
 * The passages `demoted` picks (a reference list, a table of contents) after the others, each group
 * in its order. A demoted one keeps a score no higher than the last passage before it, so scores
 * still fall down the list.
 */
export function belowPassages<T extends { item: { text: string }; score: number }>(ranked: T[], demoted: (text: string) => boolean): T[] {
  const lists = ranked.filter((entry) => demoted(entry.item.text));
  if (lists.length === 0) return ranked;
  const others = ranked.filter((entry) => !lists.includes(entry));
  let floor = others.at(-1)?.score ?? Infinity;
  return [
    ...others,
    ...lists.map((entry) => {
      floor = Math.min(floor, entry.score);
      return { ...entry, score: floor };
    }),
  ];
}
