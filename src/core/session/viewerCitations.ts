/**
 * One PDF's in-text citations for the viewer (src/vscode/viewer): each with its page and boxes,
 * the reference entry it cites, and the library paper that entry is (its path named as citations
 * name paths): a paper of the PDF's own source, else of another source of the session
 * (./acrossSources.ts: a workspace PDF citing a paper of the user's Zotero library). Read from the
 * reference lists the index run stored, through the session's kept graphs (./citationGraphs.ts).
 * Null when the source has no index, or no list stored for that PDF.
 */
import { paperDescription } from '../citations/citationLabel';
import type { CitedReference, PdfCitationLinks } from '../citations/viewerProtocol';
import { IndexMissingError, type OpenedCitationGraph } from '../index';
import { paperRefOf } from '../papers/ref';
import type { LinkedEntry } from '../papers/references/graph';
import { citedName } from '../papers/references/name';
import { acrossSources } from './acrossSources';
import { locate, sourcePath, type Source } from './sources';

export async function pdfCitationLinks(
  sources: readonly Source[],
  path: string,
  graphOf: (source: Source) => Promise<OpenedCitationGraph>,
): Promise<PdfCitationLinks | null> {
  const found = locate(sources, path);
  if (!found) return null;
  const { source } = found;
  let opened;
  try {
    opened = await graphOf(source);
  } catch (error) {
    if (error instanceof IndexMissingError) return null;
    throw error;
  }
  const entries = opened.graph.papers.get(found.path);
  if (!entries) return null;
  const cited = entries.filter((e) => e.mentions.length > 0);
  const elsewhere = sources.length > 1 && cited.some((e) => !e.library) ? await acrossSources(sources, source, graphOf) : null;
  const named = (e: LinkedEntry): CitedReference['library'] => {
    if (e.library) return { path: sourcePath(sources, source, e.library), name: paperDescription(paperRefOf(opened.library.records.get(e.library))) };
    const other = elsewhere?.(e);
    return other ? { path: other.path, name: paperDescription(paperRefOf(other.graph.library.records.get(other.own))) } : null;
  };
  return {
    references: cited.map((e) => reference(e, named(e))),
    mentions: cited.flatMap((e) =>
      e.mentions.map((m) => ({ page: m.page, boxes: m.boxes, text: m.text, entry: e.index, ...(m.citedPage ? { citedPage: m.citedPage } : {}) })),
    ),
  };
}

function reference(entry: LinkedEntry, library: CitedReference['library']): CitedReference {
  const names = entry.authors.map((a) => (a.given ? `${a.given} ${a.family}` : a.family)).join(', ');
  return {
    index: entry.index,
    name: citedName(entry) ?? entry.title ?? (entry.raw.length > 80 ? `${entry.raw.slice(0, 79)}…` : entry.raw),
    authors: names && entry.etAl ? `${names} et al.` : names,
    year: entry.year,
    title: entry.title,
    venue: entry.venue,
    ...(entry.pages ? { pages: entry.pages } : {}),
    raw: entry.raw,
    library,
  };
}
