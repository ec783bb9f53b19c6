/**
 * Text of titles and names as compared, never as shown: accents, case, punctuation, ligatures and
 * spacing do not make two titles different. Old TeX fonts (OT1) put the ff/fi/fl/ffi/ffl
 * ligatures at codes 27-31, which extraction reports as control characters ("di\x1berent"); a
 * font without a Unicode map for them drops them ("modied"), which only a fuzzy comparison forgives.
 * TeX's OT1 fonts also draw an accent as a glyph of its own before the letter, so extraction gives
 * "Chauss´e" and "Universit¨at" for "Chaussé" and "Universität".
 */

/** OT1's ligature slots, as pdf.js reports them when the font has no Unicode map. */
const OT1_LIGATURES: Record<string, string> = { '\x1b': 'ff', '\x1c': 'fi', '\x1d': 'fl', '\x1e': 'ffi', '\x1f': 'ffl' };

/** Ligature code points and OT1 ligature slots spelt out ("ﬁ" -> "fi", "\x1b" -> "ff"); the rest as it was. */
export function repairLigatures(text: string): string {
  return text.replace(/[\x1b-\x1f]/g, (c) => OT1_LIGATURES[c]!).replace(/[\ufb00-\ufb06]/g, (c) => c.normalize('NFKC'));
}

/** Spacing accents as OT1 fonts draw them, before their letter, and the combining mark each stands for. */
const SPACING_ACCENTS: Record<string, string> = {
  '\u00b4': '\u0301', // ´ acute
  '`': '\u0300', // grave
  '\u00a8': '\u0308', // ¨ diaeresis
  '\u02c6': '\u0302', // ˆ circumflex
  '\u02dc': '\u0303', // ˜ tilde
  '\u00b8': '\u0327', // ¸ cedilla
  '\u02c7': '\u030c', // ˇ caron
  '\u02d8': '\u0306', // ˘ breve
  '\u02d9': '\u0307', // ˙ dot above
  '\u02da': '\u030a', // ˚ ring
  '\u02dd': '\u030b', // ˝ double acute
  '\u00af': '\u0304', // ¯ macron
};
// A grave counts only inside a word ("Lef`evre"): at a word's start "`" is more often a TeX quote.
const SPACING_ACCENT_BEFORE_LETTER = /([\u00b4\u00a8\u02c6\u02dc\u00b8\u02c7\u02d8\u02d9\u02da\u02dd\u00af]|(?<=\p{L})`) ?([A-Za-z\u0131])/gu;

/** A spacing accent followed by its letter made one accented letter ("Chauss´e" -> "Chaussé", "´ı" -> "í"); the rest as it was. */
export function repairAccents(text: string): string {
  return text
    .replace(SPACING_ACCENT_BEFORE_LETTER, (_, accent: string, letter: string) => (letter === '\u0131' ? 'i' : letter) + SPACING_ACCENTS[accent]!)
    .normalize('NFC');
}

/** Letters without their accents ("Chaussé" -> "Chausse", "Bürkner" -> "Burkner", "ß" -> "ss"). */
export function withoutAccents(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .replace(/[đĐ]/g, 'd');
}

/**
 * ASCII without OT1's ligature slots and the grave (the one ASCII spacing accent): nothing to
 * repair, no accents to take off, and only a-z and 0-9 are letters and digits.
 */
const PLAIN_ASCII = /^[\x00-\x1a\x20-\x5f\x61-\x7f]*$/;

/** The comparable form of a title or name: lower case, no accents, letters and digits separated by single spaces. */
export function comparable(text: string): string {
  // Most titles and names: the same result without the Unicode passes (a library's 5,000 titles are made comparable on every search).
  if (PLAIN_ASCII.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return withoutAccents(repairAccents(repairLigatures(text)))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * How alike two titles are, 0-1, after `comparable`: one minus the edit distance over the longer
 * length. A lost ligature ("modied") or a dropped word costs a few characters of a long title.
 */
export function titleSimilarity(a: string, b: string): number {
  const x = comparable(a);
  const y = comparable(b);
  if (x === y) return 1;
  const longer = Math.max(x.length, y.length);
  if (longer === 0) return 1;
  return 1 - editDistance(x, y) / longer;
}

/** A title made ready for many comparisons: its comparable form and its characters counted, for a quick bound. */
export interface PreparedTitle {
  text: string;
  counts: Int32Array;
}

/** Characters counted by code below 128, all others in one bucket: a lower bound stays a lower bound. */
const BUCKETS = 129;

export function prepareTitle(title: string): PreparedTitle {
  const text = comparable(title);
  const counts = new Int32Array(BUCKETS);
  for (let i = 0; i < text.length; i++) counts[Math.min(text.charCodeAt(i), BUCKETS - 1)]!++;
  return { text, counts };
}

/**
 * `titleSimilarity` of two prepared titles when it is at least `min`, else 0. A bib of 20,000
 * entries beside a folder of papers is 20,000 comparisons per paper: most pairs are ruled out by
 * their lengths or their characters (each differing character costs the edit distance at least one),
 * and the rest by an edit distance that stops once it passes what `min` allows.
 */
export function similarityAtLeast(a: PreparedTitle, b: PreparedTitle, min: number): number {
  if (a.text === b.text) return 1;
  const longer = Math.max(a.text.length, b.text.length);
  if (longer === 0) return 1;
  const allowed = Math.floor((1 - min) * longer + 1e-9);
  if (Math.abs(a.text.length - b.text.length) > allowed) return 0;
  let extra = 0;
  let missing = 0;
  for (let i = 0; i < BUCKETS; i++) {
    const d = a.counts[i]! - b.counts[i]!;
    if (d > 0) extra += d;
    else missing -= d;
  }
  if (Math.max(extra, missing) > allowed) return 0;
  const distance = editDistanceWithin(a.text, b.text, allowed);
  const similarity = 1 - distance / longer;
  return distance <= allowed && similarity >= min ? similarity : 0;
}

/** Levenshtein distance when it is at most `limit`, else some number above `limit`: only a band of the table is filled. */
function editDistanceWithin(a: string, b: string, limit: number): number {
  if (a.length < b.length) [a, b] = [b, a];
  const over = limit + 1;
  let previous = new Int32Array(b.length + 1).fill(over);
  let current = new Int32Array(b.length + 1).fill(over);
  for (let j = 0; j <= Math.min(b.length, limit); j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    current.fill(over);
    if (i <= limit) current[0] = i;
    let best = current[0]!;
    for (let j = from; j <= to; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      current[j] = Math.min(value, over);
      if (current[j]! < best) best = current[j]!;
    }
    if (best > limit) return over;
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/** Levenshtein distance, two rows of memory. */
export function editDistance(a: string, b: string): number {
  if (a.length < b.length) [a, b] = [b, a];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}
