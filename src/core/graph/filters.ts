/**
 * Resolves the document names a user used ("the R admin manual", "bashref") to indexed paths.
 * The LLM is asked for exact paths from the list; when it returns a loose name instead, we
 * match its words against path words, and a name that matches nothing is dropped (never a
 * filter that silently excludes everything).
 */
import type { DocumentInfo } from '../index/types';
import { DOCUMENT_NAME_NOISE } from '../text/stopWords';

function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !DOCUMENT_NAME_NOISE.has(w));
}

export function resolveDocumentFilters(names: readonly string[], documents: readonly DocumentInfo[]): string[] {
  const resolved = new Set<string>();
  for (const name of names) {
    const exact = documents.find((d) => d.path === name || d.path.toLowerCase() === name.toLowerCase());
    if (exact) {
      resolved.add(exact.path);
      continue;
    }
    const wanted = words(name);
    if (wanted.length === 0) continue;
    let best = 0;
    let matches: string[] = [];
    for (const doc of documents) {
      const have = new Set(words(doc.path.replace(/\.[a-z0-9]+$/i, '')));
      const hits = wanted.filter((w) => have.has(w) || [...have].some((h) => h.length > 3 && (h.startsWith(w) || w.startsWith(h)))).length;
      const score = hits / wanted.length;
      if (score > best) {
        best = score;
        matches = [doc.path];
      } else if (score === best && score > 0) matches.push(doc.path);
    }
    // Half the name's words must match, and an unspecific name matching many documents is no filter.
    if (best >= 0.5 && matches.length <= 3) for (const m of matches) resolved.add(m);
  }
  return [...resolved];
}
