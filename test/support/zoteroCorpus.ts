/**
 * A Zotero library of the papers corpus (/work/corpus/papers, its PAPERS.tsv for titles, authors,
 * years and keys), written with Zotero's schema by zoteroFixture.ts: each paper an item with its
 * PDF imported into storage (hard-linked: the bytes are the corpus's), its citation key, a
 * collection per topic folder ("Corpus / econometrics"), a tag per package. `copies` repeats the
 * corpus (5,000 items for the scale benchmark); every copy is an item of its own.
 */
import { readFileSync } from 'node:fs';
import { link, mkdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { writeZoteroLibrary, type FixtureItem, type ZoteroFixture } from './zoteroFixture';

export const PAPERS_CORPUS = '/work/corpus/papers';
const PAPERS_TSV = '/work/shared/eval/papers/PAPERS.tsv';

export interface CorpusPaper {
  file: string;
  title: string;
  authors: Array<[string, string]>;
  year: string | null;
  key: string | null;
}

/** Every PDF of the corpus (MANIFEST.tsv), with PAPERS.tsv's record where it has one, else a title from the file name. */
export function corpusPapers(corpus = PAPERS_CORPUS): CorpusPaper[] {
  const known = new Map<string, CorpusPaper>();
  for (const line of readFileSync(PAPERS_TSV, 'utf8').split('\n').slice(1)) {
    const [file, title, authors, year, , , , , key] = line.split('\t');
    if (!file || !title) continue;
    known.set(file, {
      file,
      title,
      authors: (authors ?? '').split(', ').map((name) => {
        const parts = name.trim().split(' ');
        return [parts.slice(0, -1).join(' '), parts.at(-1)!] as [string, string];
      }),
      year: /^\d{4}$/.test(year ?? '') ? year! : null,
      key: key || null,
    });
  }
  const files = readFileSync(join(corpus, 'MANIFEST.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t')[0]!)
    .filter((file) => file.endsWith('.pdf') && !file.startsWith('scanned/'));
  return files.map((file) => known.get(file) ?? { file, title: basename(file, '.pdf').replace(/[-_]+/g, ' '), authors: [], year: null, key: null });
}

/** A Zotero item key: 8 characters of Zotero's alphabet. */
export function itemKey(prefix: string, n: number): string {
  const alphabet = '23456789ABCDEFGHIJKLMNPQRSTUVWXYZ';
  let key = '';
  for (let v = n, i = 0; i < 8 - prefix.length; i++, v = Math.floor(v / alphabet.length)) key = alphabet[v % alphabet.length] + key;
  return prefix + key;
}

/** The fixture for `copies` of the corpus; the PDFs are hard-linked into storage by writeCorpusLibrary. */
export function corpusFixture(papers: CorpusPaper[], copies: number): ZoteroFixture {
  const topics = [...new Set(papers.map((p) => dirname(p.file)))];
  const items: FixtureItem[] = [];
  let n = 0;
  for (let copy = 0; copy < copies; copy++) {
    for (const paper of papers) {
      const i = n++;
      items.push({
        key: itemKey('I', i),
        title: copy === 0 ? paper.title : `${paper.title} (copy ${copy})`,
        creators: paper.authors,
        ...(paper.year ? { date: paper.year } : {}),
        publicationTitle: 'Journal of Statistical Software',
        citationKey: paper.key ? (copy === 0 ? paper.key : `${paper.key}c${copy}`) : `paper${i}`,
        collections: [itemKey('C', topics.indexOf(dirname(paper.file)))],
        tags: [dirname(paper.file)],
        attachments: [{ key: itemKey('P', i), file: basename(paper.file) }],
      });
    }
  }
  return {
    collections: [{ key: 'CROOTAAA', name: 'Corpus' }, ...topics.map((t, i) => ({ key: itemKey('C', i), name: t, parent: 'CROOTAAA' }))],
    items,
  };
}

/** Writes the library at `dataDir` with `copies` of the corpus (n × 58 items). */
export async function writeCorpusLibrary(dataDir: string, copies = 1, corpus = PAPERS_CORPUS): Promise<{ papers: CorpusPaper[]; fixture: ZoteroFixture }> {
  const papers = corpusPapers(corpus);
  const fixture = corpusFixture(papers, copies);
  await writeZoteroLibrary(dataDir, fixture);
  let n = 0;
  for (let copy = 0; copy < copies; copy++) {
    for (const paper of papers) {
      const folder = join(dataDir, 'storage', itemKey('P', n++));
      await mkdir(folder, { recursive: true });
      await link(join(corpus, paper.file), join(folder, basename(paper.file)));
    }
  }
  return { papers, fixture };
}
