/**
 * Citation keys the way the user's keys look. Each candidate pattern (author, year and title words
 * in some order, case and separator) is tried on every existing entry; the one that rebuilds the
 * most existing keys exactly is theirs: `chausse2010computing` (family + year + first significant
 * title word), `Chausse2010`, `chausse:2010`, Better BibTeX's `chausseComputingGeneralizedMethod2010`.
 * With no match (or no entries) the key is family + year + first significant title word.
 */
import { withoutAccents } from '../../papers/normalize';
import { KEY_SKIPPED_WORDS } from '../../text/stopWords';

export interface KeyParts {
  /** First author's family name, as text (not LaTeX). */
  family: string | null;
  year: number | string | null;
  title: string | null;
}

type Part = 'author' | 'year' | 'title1' | 'title3';

export interface KeyPattern {
  parts: Part[];
  separator: '' | ':' | '_' | '-';
  authorCase: 'lower' | 'capitalized';
  titleCase: 'lower' | 'capitalized';
}

export const DEFAULT_KEY_PATTERN: KeyPattern = { parts: ['author', 'year', 'title1'], separator: '', authorCase: 'lower', titleCase: 'lower' };

function candidatePatterns(): KeyPattern[] {
  const shapes: Array<Pick<KeyPattern, 'parts' | 'titleCase'>> = [
    { parts: ['author', 'year', 'title1'], titleCase: 'lower' },
    { parts: ['author', 'year', 'title1'], titleCase: 'capitalized' },
    { parts: ['author', 'year'], titleCase: 'lower' },
    { parts: ['author', 'title3', 'year'], titleCase: 'capitalized' },
    { parts: ['author', 'title1', 'year'], titleCase: 'lower' },
    { parts: ['author', 'title1', 'year'], titleCase: 'capitalized' },
  ];
  const out: KeyPattern[] = [];
  for (const shape of shapes)
    for (const separator of ['', ':', '_', '-'] as const)
      for (const authorCase of ['lower', 'capitalized'] as const) out.push({ ...shape, separator, authorCase });
  return out;
}

/** The pattern that rebuilds the most of the existing keys; the default when none does. */
export function inferKeyPattern(existing: ReadonlyArray<{ key: string } & KeyParts>): KeyPattern {
  let best = DEFAULT_KEY_PATTERN;
  let bestCount = 0;
  for (const pattern of candidatePatterns()) {
    const count = existing.filter((entry) => {
      const key = keyFor(entry, pattern);
      return key !== '' && (entry.key === key || (entry.key.length === key.length + 1 && entry.key.startsWith(key) && /[a-z]$/.test(entry.key)));
    }).length;
    if (count > bestCount) {
      best = pattern;
      bestCount = count;
    }
  }
  return best;
}

/** The key the pattern gives these parts (missing parts left out; empty when nothing is known). */
export function keyFor(parts: KeyParts, pattern: KeyPattern): string {
  const words = titleWords(parts.title ?? '');
  const pieces = pattern.parts.map((part) => {
    if (part === 'author') return cased(asciiLetters(parts.family ?? ''), pattern.authorCase);
    if (part === 'year') return parts.year === null ? '' : String(parts.year);
    const count = part === 'title1' ? 1 : 3;
    return words
      .slice(0, count)
      .map((w) => cased(w, pattern.titleCase))
      .join('');
  });
  return pieces.filter(Boolean).join(pattern.separator);
}

/** `key` itself if no existing key has it (case-insensitively, as biber compares), else `key` + a, b, c, … */
export function uniqueKey(key: string, existing: ReadonlySet<string>): string {
  const taken = new Set([...existing].map((k) => k.toLowerCase()));
  if (!taken.has(key.toLowerCase())) return key;
  for (let i = 0; ; i++) {
    const suffix = i < 26 ? String.fromCharCode(97 + i) : String(i - 24);
    if (!taken.has(`${key}${suffix}`.toLowerCase())) return `${key}${suffix}`;
  }
}

/** The title's words a key may use: no function words, letters and digits only, split at hyphens. */
export function titleWords(title: string): string[] {
  return asciiLetters(title, true)
    .split(/\s+/)
    .filter((w) => w !== '' && !KEY_SKIPPED_WORDS.has(w.toLowerCase()));
}

function asciiLetters(text: string, keepSpaces = false): string {
  const plain = withoutAccents(text).replace(/[^A-Za-z0-9\s-]/g, '');
  return keepSpaces ? plain.replace(/-/g, ' ') : plain.replace(/[\s-]/g, '');
}

function cased(word: string, mode: 'lower' | 'capitalized'): string {
  return mode === 'lower' ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}
