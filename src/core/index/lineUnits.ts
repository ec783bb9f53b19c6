/**
 * What a chunk's line numbers count. DOCX chunks cite paragraphs (extract/docx.ts: a .docx has
 * no lines a user could open), every other text kind cites lines of the file.
 */
export function citesParagraphs(path: string): boolean {
  return /\.docx$/i.test(path);
}

/** "line" or "paragraph", for labels such as "lines 3-6" / "paragraph 2". */
export function lineWord(path: string): 'line' | 'paragraph' {
  return citesParagraphs(path) ? 'paragraph' : 'line';
}
