/**
 * Bib files as labs and attackers write them, generated: a realistic shared bib of 20,000 entries
 * (5 MB), and the pathological ones that stalled every question (one key 100,000 times, 2 million
 * `@a{` lines, one 40 MB field, a million nested braces, UTF-16 with a BOM). Shared by the faults
 * tier and scripts/bench-bib.ts.
 */

const FAMILIES = ['Müller', 'García', 'Nguyen', 'Smith', 'Østergaard', 'Dubois', 'Kowalski', 'Tanaka', 'Rossi', 'Okafor', "O'Brien", 'van der Berg'];
const GIVEN = ['Anna', 'José', 'Wei', 'John', 'Søren', 'Élodie', 'Piotr', 'Yuki', 'Giulia', 'Chidi'];
const WORDS = [
  'robust',
  'estimation',
  'bayesian',
  'inference',
  'mixed',
  'models',
  'panel',
  'data',
  'kernel',
  'regression',
  'survival',
  'analysis',
  'latent',
  'variables',
  'sparse',
  'graphs',
];
const JOURNALS = [
  'Journal of Statistical Software',
  'Biometrika',
  'The Annals of Statistics',
  'Journal of the American Statistical Association',
  'Econometrica',
];

/** A deterministic pseudo-random sequence (tests and benchmarks see the same file every run). */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** One ordinary entry, about 250 bytes: authors with accents, a title with a protected word, journal, pages, DOI. */
export function ordinaryEntry(i: number, next: () => number = random(i + 1)): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const authors = Array.from({ length: 1 + Math.floor(next() * 3) }, () => `${pick(FAMILIES)}, ${pick(GIVEN)}`).join(' and ');
  const title = Array.from({ length: 5 + Math.floor(next() * 5) }, () => pick(WORDS)).join(' ');
  const year = 1980 + Math.floor(next() * 45);
  return [
    `@article{key${i}${year},`,
    `  author = {${authors}},`,
    `  title = {{A} ${title}},`,
    `  journal = {${pick(JOURNALS)}},`,
    `  year = {${year}},`,
    `  volume = {${1 + Math.floor(next() * 90)}},`,
    `  pages = {${100 + (i % 900)}--${120 + (i % 900)}},`,
    `  doi = {10.${1000 + (i % 9000)}/x.${i}}`,
    '}',
    '',
  ].join('\n');
}

/** A lab's shared bib: `count` ordinary entries (20,000 make about 5 MB). */
export function realisticBib(count = 20_000): string {
  const next = random(42);
  return Array.from({ length: count }, (_, i) => ordinaryEntry(i, next)).join('\n');
}

/** One key 100,000 times (about 25 MB). */
export function repeatedKeyBib(copies = 100_000): string {
  const entry = ordinaryEntry(7).replace(/^@article\{[^,]+,/, '@article{same,');
  return entry.repeat(copies);
}

/** `@a{` on every line, 2 million lines. */
export function manyOpeningsBib(lines = 2_000_000): string {
  return '@a{\n'.repeat(lines);
}

/** One entry whose abstract is `megabytes` MB long. */
export function hugeFieldBib(megabytes = 40): string {
  return `@article{huge,\n  title = {A huge abstract},\n  abstract = {${'word '.repeat((megabytes * 1024 * 1024) / 5)}}\n}\n`;
}

/** An entry whose title opens a million braces (and closes them). */
export function nestedBracesBib(depth = 1_000_000): string {
  return `@article{deep,\n  title = {${'{'.repeat(depth)}deep${'}'.repeat(depth)}}\n}\n`;
}

/** `text` as UTF-16 little-endian with a byte-order mark, as Windows tools save it. */
export function utf16le(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}
