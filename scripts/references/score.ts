/**
 * Scores parsed reference lists against the truth set of test/eval/references (its README says
 * how the truth was made and what each measure means). Input: the JSON `references --json`
 * prints; output: GROBID-style field-level precision/recall/F1 (authors, year, title, venue),
 * entry recall, mention-to-entry F1 and library-link precision and recall, per paper and summed.
 */

export interface TruthEntry {
  authors: string;
  year: string | null;
  title: string | null;
  venue: string | null;
  doi?: string;
  library: string | null;
}
export interface TruthPaper {
  path: string;
  /** `heldout` was split off before any rule was written; `heldout2` was added later, before its scores were seen. */
  split: 'dev' | 'heldout' | 'heldout2';
  style: string;
  entries: TruthEntry[];
  mentions?: Array<{ page: number; entry: number }>;
}
export interface OutputEntry {
  index: number;
  authors: Array<{ family: string; given: string }>;
  year: string | null;
  title: string | null;
  venue: string | null;
  raw: string;
  library: { path: string } | null;
  mentions: Array<{ page: number; text: string }>;
}
export interface OutputPaper {
  path: string;
  references: OutputEntry[];
}

export const FIELDS = ['authors', 'year', 'title', 'venue'] as const;
type FieldName = (typeof FIELDS)[number];

/** Counts that add up across papers. */
export interface Counts {
  truthEntries: number;
  outputEntries: number;
  aligned: number;
  fields: Record<FieldName, { expected: number; observed: number; correct: number }>;
  mentions: { expected: number; observed: number; correct: number };
  /** Papers whose truth has mentions (mention counts are over these only). */
  mentionPapers: number;
  links: { expected: number; observed: number; correct: number };
}

export function emptyCounts(): Counts {
  const field = () => ({ expected: 0, observed: 0, correct: 0 });
  return {
    truthEntries: 0,
    outputEntries: 0,
    aligned: 0,
    fields: { authors: field(), year: field(), title: field(), venue: field() },
    mentions: field(),
    mentionPapers: 0,
    links: field(),
  };
}

export function addCounts(a: Counts, b: Counts): Counts {
  const sum = (x: { expected: number; observed: number; correct: number }, y: typeof x) => ({
    expected: x.expected + y.expected,
    observed: x.observed + y.observed,
    correct: x.correct + y.correct,
  });
  return {
    truthEntries: a.truthEntries + b.truthEntries,
    outputEntries: a.outputEntries + b.outputEntries,
    aligned: a.aligned + b.aligned,
    fields: Object.fromEntries(FIELDS.map((f) => [f, sum(a.fields[f], b.fields[f])])) as Counts['fields'],
    mentions: sum(a.mentions, b.mentions),
    mentionPapers: a.mentionPapers + b.mentionPapers,
    links: sum(a.links, b.links),
  };
}

/** Case, accents, ligatures, punctuation and spacing folded away. */
export function fold(text: string): string {
  return text
    .replace(/\uFB00/g, 'ff')
    .replace(/\uFB01/g, 'fi')
    .replace(/\uFB02/g, 'fl')
    .replace(/\uFB03/g, 'ffi')
    .replace(/\uFB04/g, 'ffl')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u02d8\u02c7\u00b4\u00a8]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Similarity of two strings, 0-1: 1 - edit distance / longer length. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (!a || !b) return 0;
  const longer = Math.max(a.length, b.length);
  if (Math.abs(a.length - b.length) / longer > 0.1) return 1 - Math.abs(a.length - b.length) / longer;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return 1 - previous[b.length]! / longer;
}

/** Two values of a text field agree: ≥ 0.95 similar once folded (GROBID's "soft" matching). */
function sameText(a: string, b: string): boolean {
  return similarity(fold(a), fold(b)) >= 0.95;
}

/** A family name as compared: folded, without a generational suffix ("Henderson Jr"). */
function familyKey(family: string): string {
  return fold(family)
    .replace(/\b(jr|sr|ii|iii)\b/g, '')
    .replace(/\s+/g, '');
}

export function truthFamilies(entry: TruthEntry): string[] {
  return entry.authors
    .split(';')
    .map((a) => a.split(',')[0]!.trim())
    .filter(Boolean);
}

function fieldOf(entry: TruthEntry, field: FieldName): string | null {
  if (field === 'authors') return truthFamilies(entry).length > 0 ? truthFamilies(entry).map(familyKey).join('|') : null;
  return entry[field] ?? null;
}

function outputField(entry: OutputEntry, field: FieldName): string | null {
  if (field === 'authors') return entry.authors.length > 0 ? entry.authors.map((a) => familyKey(a.family)).join('|') : null;
  const value = entry[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function fieldsAgree(field: FieldName, truth: string, output: string): boolean {
  if (field === 'authors') return truth === output;
  if (field === 'year') return fold(truth) === fold(output);
  return sameText(truth, output);
}

/**
 * How well an output entry's printed text holds a truth entry: its first author's family name,
 * its year and the words of its title. Alignment uses the output's raw text only, so a parse
 * that splits or merges entries badly is counted as missing entries, not excused by its fields.
 */
function alignmentScore(truth: TruthEntry, output: OutputEntry): number {
  const raw = ` ${fold(output.raw || [output.authors.map((a) => a.family).join(' '), output.year, output.title].join(' '))} `;
  const first = truthFamilies(truth)[0];
  const family = first ? raw.includes(` ${fold(first)} `) || raw.includes(fold(first).replace(/ /g, '')) : false;
  const year = truth.year ? raw.includes(` ${fold(truth.year).slice(0, 4)}`) : false;
  const words = fold(truth.title ?? '')
    .split(' ')
    .filter((w) => w.length > 2);
  const titleShare = words.length > 0 ? words.filter((w) => raw.includes(` ${w} `)).length / words.length : 0;
  return (family ? 0.3 : 0) + (year ? 0.2 : 0) + 0.5 * titleShare;
}

/** Output entry (index into `output`) aligned to each truth entry, or -1. One to one, best pairs first. */
export function alignEntries(truth: readonly TruthEntry[], output: readonly OutputEntry[]): number[] {
  const pairs: Array<{ t: number; o: number; score: number }> = [];
  truth.forEach((t, ti) =>
    output.forEach((o, oi) => {
      const score = alignmentScore(t, o);
      if (score >= 0.6) pairs.push({ t: ti, o: oi, score });
    }),
  );
  pairs.sort((a, b) => b.score - a.score || Math.abs(a.t - a.o) - Math.abs(b.t - b.o));
  const aligned = truth.map(() => -1);
  const used = new Set<number>();
  for (const { t, o } of pairs) {
    if (aligned[t] !== -1 || used.has(o)) continue;
    aligned[t] = o;
    used.add(o);
  }
  return aligned;
}

export function scorePaper(truth: TruthPaper, output: OutputPaper | undefined): Counts {
  const entries = output?.references ?? [];
  const counts = emptyCounts();
  counts.truthEntries = truth.entries.length;
  counts.outputEntries = entries.length;
  const aligned = alignEntries(truth.entries, entries);
  counts.aligned = aligned.filter((o) => o >= 0).length;
  for (const field of FIELDS) {
    const c = counts.fields[field];
    c.expected = truth.entries.filter((e) => fieldOf(e, field) !== null).length;
    c.observed = entries.filter((e) => outputField(e, field) !== null).length;
    truth.entries.forEach((t, ti) => {
      const o = aligned[ti]!;
      if (o < 0) return;
      const expected = fieldOf(t, field);
      const observed = outputField(entries[o]!, field);
      if (expected !== null && observed !== null && fieldsAgree(field, expected, observed)) c.correct++;
    });
  }
  // Library links: an output link counts when its entry is aligned to a truth entry linked to the same document.
  counts.links.expected = truth.entries.filter((e) => e.library).length;
  counts.links.observed = entries.filter((e) => e.library).length;
  truth.entries.forEach((t, ti) => {
    const o = aligned[ti]!;
    if (o >= 0 && t.library && entries[o]!.library?.path === t.library) counts.links.correct++;
  });
  // Mentions: (page, entry) pairs as multisets; an output entry's mentions stand for its truth entry.
  if (truth.mentions) {
    counts.mentionPapers = 1;
    const truthOf = new Map(aligned.flatMap((o, ti) => (o >= 0 ? [[o, ti + 1] as const] : [])));
    const expected = new Map<string, number>();
    for (const m of truth.mentions) expected.set(`${m.page}:${m.entry}`, (expected.get(`${m.page}:${m.entry}`) ?? 0) + 1);
    counts.mentions.expected = truth.mentions.length;
    entries.forEach((e, oi) => {
      for (const m of e.mentions) {
        counts.mentions.observed++;
        const t = truthOf.get(oi);
        const key = `${m.page}:${t}`;
        if (t !== undefined && (expected.get(key) ?? 0) > 0) {
          expected.set(key, expected.get(key)! - 1);
          counts.mentions.correct++;
        }
      }
    });
  }
  return counts;
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

export function prf({ expected, observed, correct }: { expected: number; observed: number; correct: number }): Prf {
  const precision = observed === 0 ? (expected === 0 ? 1 : 0) : correct / observed;
  const recall = expected === 0 ? 1 : correct / expected;
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

/** The headline numbers of a set of counts. */
export function summary(counts: Counts) {
  const fieldTotal = FIELDS.reduce(
    (sum, f) => ({
      expected: sum.expected + counts.fields[f].expected,
      observed: sum.observed + counts.fields[f].observed,
      correct: sum.correct + counts.fields[f].correct,
    }),
    { expected: 0, observed: 0, correct: 0 },
  );
  return {
    entryRecall: counts.truthEntries === 0 ? 1 : counts.aligned / counts.truthEntries,
    entryPrecision: counts.outputEntries === 0 ? 1 : counts.aligned / counts.outputEntries,
    fields: Object.fromEntries(FIELDS.map((f) => [f, prf(counts.fields[f])])) as Record<FieldName, Prf>,
    fieldF1: prf(fieldTotal).f1,
    mentions: prf(counts.mentions),
    links: prf(counts.links),
  };
}
