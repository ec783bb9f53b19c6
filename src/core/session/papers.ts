/**
 * Every source's documents as papers (the CLI's `papers`, the editor's "Show Papers"): each with
 * its record and where each field came from, its path named as citations name it, and the bib
 * entry that describes it, and the works several of them cite that the library lacks. A source
 * without an index yet has no papers to list.
 */
import { join } from 'node:path';
import { paperDescription } from '../citations/citationLabel';
import { IndexMissingError, openCitationGraph } from '../index';
import { paperRefOf } from '../papers/ref';
import { citedName } from '../papers/references/name';
import { recordJson, type RecordJson } from '../papers/recordJson';
import { sourcePath, type Source } from './sources';

/** One document of the library, its path labelled like citations'. */
export interface SessionPaper {
  path: string;
  /** "Chaussé (2010) Computing …", or null for a document without a record. */
  name: string | null;
  record: RecordJson;
  /** The absolute path of the bib file and the line of the entry that describes it, if one does. */
  bibEntry: { file: string; line: number } | null;
}

/** A work two or more papers of one source cite that the source lacks: a reading list. */
export interface ReadingListWork {
  /** "Andrews (1991) Heteroskedasticity and Autocorrelation Consistent Covariance Matrix Estimation". */
  name: string;
  /** The reference as the first citing paper prints it. */
  raw: string;
  /** The papers that cite it (labelled like citations) and the pages where they do. */
  citedBy: Array<{ path: string; pages: number[] }>;
}

export interface SessionPapers {
  papers: SessionPaper[];
  /** Works cited often that the library lacks, most cited first (empty until an index run has read the reference lists). */
  readingList: ReadingListWork[];
  /** What the sources' bib files held that could not be used: `refs.bib:12: …`, with the source's label when there are several. */
  problems: string[];
}

export async function listPapers(sources: readonly Source[], exclude: string[] | undefined): Promise<SessionPapers> {
  const papers: SessionPaper[] = [];
  const problems: string[] = [];
  const readingList: ReadingListWork[] = [];
  for (const source of sources) {
    let opened;
    try {
      opened = await openCitationGraph(source.dbDir, source.root, {
        ...(exclude ? { exclude } : {}),
        ...(source.papersOf ? { papersOf: source.papersOf } : {}),
      });
    } catch (error) {
      if (error instanceof IndexMissingError) continue;
      throw error;
    }
    const { library, documents, graph } = opened;
    const named = (path: string) => sourcePath(sources, source, path);
    for (const document of [...documents].sort((a, b) => a.path.localeCompare(b.path))) {
      const record = library.records.get(document.path);
      const citekey = record?.citekey;
      const entry = citekey ? library.entries.find((e) => e.key === citekey.value) : undefined;
      papers.push({
        path: named(document.path),
        name: paperDescription(paperRefOf(record)),
        record: { ...recordJson(named(document.path), record) },
        bibEntry: entry ? { file: join(source.root, entry.bibFile), line: entry.line } : null,
      });
    }
    for (const p of library.problems) problems.push(`${named(p.bibFile)}:${p.line}: ${p.message}`);
    for (const { entry, citedBy } of graph.citedOftenMissing()) {
      readingList.push({
        name: [citedName(entry) ?? entry.year, entry.title].filter(Boolean).join(' ') || entry.raw.slice(0, 120),
        raw: entry.raw,
        citedBy: citedBy.map((c) => ({ path: named(c.path), pages: [...new Set(c.entry.mentions.map((m) => m.page))].sort((a, b) => a - b) })),
      });
    }
  }
  readingList.sort((a, b) => b.citedBy.length - a.citedBy.length);
  return { papers, problems, readingList };
}
