/**
 * The user's own words as searchable passages: a Zotero item's highlights, underlines and their
 * comments (one document per PDF, one passage per annotation, cited at the annotated page) and its
 * child notes (one document per item, a passage per few paragraphs). They are documents of the
 * library's index made here, not read from a file (`DiscoveredFile.prepared`), under
 * `your-notes/`, and the library marks them as the user's (`LibraryDocument.ownWords`): search
 * hits carry `ownWords`, prompts say "the user's own note, not the paper's words", citations read
 * "Lovelace (2010), p. 12 (your note)".
 *
 * Each passage names what it is in words a question uses ("my note", "my comment", "highlighted"),
 * so "my note on the kernel choice" finds it by full text as well as by meaning.
 */
import { createHash } from 'node:crypto';
import type { ZoteroAnnotation, ZoteroItem, ZoteroNote } from './zotero';

export const OWN_WORDS_FOLDER = 'your-notes';

/** The document of one PDF's annotations. */
export function annotationsPath(attachmentKey: string): string {
  return `${OWN_WORDS_FOLDER}/${attachmentKey}/annotations`;
}

/** The document of one item's child notes. */
export function notesPath(itemKey: string): string {
  return `${OWN_WORDS_FOLDER}/${itemKey}/notes`;
}

export function isOwnWordsPath(path: string): boolean {
  return path.startsWith(`${OWN_WORDS_FOLDER}/`);
}

/** One passage of the user's words, with what it came from (an annotation's key, for the viewer's highlight). */
export interface OwnPassage {
  id: string;
  /** 1-based physical page; null for a note. */
  page: number | null;
  heading: string;
  text: string;
  /** The annotation or note it was made from. */
  zoteroKey: string;
}

const TYPE_WORD: Record<ZoteroAnnotation['type'], string> = {
  highlight: 'highlight',
  underline: 'underline',
  note: 'note',
  text: 'text note',
  image: 'image selection',
  ink: 'drawing',
};

/** A passage's id (its chunk's in the index): what the library record keeps of an annotation, so its citation finds the annotation again (./libraryFiles.ts). */
export function passageId(path: string, key: string, text: string): string {
  return createHash('sha256').update(`${path}\u0000${key}\u0000${text}`).digest('hex').slice(0, 32);
}

/** One passage per annotation that has words (a highlight's text, or a comment). */
export function annotationPassages(path: string, annotations: readonly ZoteroAnnotation[]): OwnPassage[] {
  const passages: OwnPassage[] = [];
  for (const a of annotations) {
    if (!a.text && !a.comment) continue;
    const page = a.pageIndex !== null ? a.pageIndex + 1 : null;
    const where = a.pageLabel ? ` (page ${a.pageLabel})` : '';
    const lines: string[] = [];
    if (a.comment) lines.push(`My note on this ${TYPE_WORD[a.type]}${where}: ${a.comment}`);
    if (a.text) lines.push(`${a.type === 'underline' ? 'Underlined' : 'Highlighted'} in the paper${a.comment ? '' : where}: "${a.text}"`);
    const text = lines.join('\n');
    const heading = a.comment ? `Your note on a ${TYPE_WORD[a.type]}` : `Your ${TYPE_WORD[a.type]}`;
    passages.push({ id: passageId(path, a.key, text), page, heading, text, zoteroKey: a.key });
  }
  return passages;
}

/** A note's paragraphs packed into passages of about `size` characters. */
export function notePassages(path: string, notes: readonly ZoteroNote[], size = 1000): OwnPassage[] {
  const passages: OwnPassage[] = [];
  for (const note of notes) {
    const paragraphs = note.text.split('\n').filter(Boolean);
    const title = note.title?.trim() || paragraphs[0]?.slice(0, 80) || 'note';
    let current: string[] = [];
    const flush = () => {
      if (current.length === 0) return;
      const text = `${passages.some((p) => p.zoteroKey === note.key) ? 'My note (continued)' : 'My note'}: ${current.join('\n')}`;
      passages.push({ id: passageId(path, note.key, text), page: null, heading: `Your note: ${title}`, text, zoteroKey: note.key });
      current = [];
    };
    for (const paragraph of paragraphs) {
      if (current.length > 0 && current.join('\n').length + paragraph.length > size) flush();
      current.push(paragraph);
    }
    flush();
  }
  return passages;
}

/** The latest change among the annotations or notes, as ms since the epoch (Zotero stores UTC `YYYY-MM-DD HH:MM:SS`). */
export function latestChange(dates: readonly string[]): number {
  let latest = 0;
  for (const date of dates) {
    const ms = Date.parse(`${date.replace(' ', 'T')}Z`);
    if (Number.isFinite(ms) && ms > latest) latest = ms;
  }
  return latest;
}

/** The item's own-words documents: per PDF with annotations, and its notes. */
export function ownWordsOf(item: ZoteroItem): Array<{ path: string; passages: OwnPassage[]; mtimeMs: number }> {
  const out: Array<{ path: string; passages: OwnPassage[]; mtimeMs: number }> = [];
  for (const attachment of item.attachments) {
    const path = annotationsPath(attachment.key);
    const passages = annotationPassages(path, attachment.annotations);
    if (passages.length > 0) out.push({ path, passages, mtimeMs: latestChange(attachment.annotations.map((a) => a.dateModified)) });
  }
  const path = notesPath(item.key);
  const passages = notePassages(path, item.notes);
  if (passages.length > 0) out.push({ path, passages, mtimeMs: latestChange(item.notes.map((n) => n.dateModified)) });
  return out;
}
