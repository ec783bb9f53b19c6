/**
 * The document formats, one row each: the file extensions of the kind, how its citations name a
 * place, where a citation opens, and whose words it holds (a source the user reads, or a draft
 * the user writes). Discovery (index/pipeline/discover.ts), the citation formatter
 * (citations/citationLabel.ts) and the editor (vscode/citations/) read it; package.json's
 * `research.index.include` default and the PDF viewer's selector repeat it, and a unit test
 * (test/unit/formats.test.ts) holds them to it. No Node or editor imports: every layer uses it.
 */

export type DocumentKind = 'pdf' | 'markdown' | 'text' | 'html' | 'docx' | 'latex' | 'quarto';

/**
 * - `pages`: "p. 14" (the PDF's page numbers);
 * - `lines`: "lines 3-6" of the file as a text editor numbers them;
 * - `paragraphs`: "paragraph 2" (a .docx has no lines a reader could open; the index numbers its paragraphs).
 */
export type CitedBy = 'pages' | 'lines' | 'paragraphs';

/**
 * - `pdfViewer`: our custom editor (vscode/viewer), at the cited page with the passage highlighted;
 * - `docxPreview`: the read-only text the index read (vscode/citations/docxPreview.ts), at the cited paragraphs;
 * - `textEditor`: the file itself in a text editor, at the cited lines.
 */
export type PreviewedIn = 'pdfViewer' | 'docxPreview' | 'textEditor';

/**
 * Whose words a document holds:
 * - `source`: what the user reads (papers, manuals, notes): evidence for answers and citations;
 * - `draft`: what the user writes (LaTeX, Quarto, R Markdown sources): cited by its section and
 *   lines, quoted to the model as the user's own draft, and never evidence for a citation (a
 *   draft's sentence cannot support itself, nor another draft's).
 */
export type DocumentRole = 'source' | 'draft';

export interface DocumentFormat {
  /** Lower case, with the dot. The first kind whose extension ends a path is that path's kind. */
  extensions: readonly string[];
  citedBy: CitedBy;
  previewedIn: PreviewedIn;
  role: DocumentRole;
}

/** In the order of the default include globs. */
export const FORMATS: Readonly<Record<DocumentKind, DocumentFormat>> = {
  pdf: { extensions: ['.pdf'], citedBy: 'pages', previewedIn: 'pdfViewer', role: 'source' },
  markdown: { extensions: ['.md', '.markdown'], citedBy: 'lines', previewedIn: 'textEditor', role: 'source' },
  // Any other file an include glob picks is read as text too.
  text: { extensions: ['.txt'], citedBy: 'lines', previewedIn: 'textEditor', role: 'source' },
  docx: { extensions: ['.docx'], citedBy: 'paragraphs', previewedIn: 'docxPreview', role: 'source' },
  html: { extensions: ['.html', '.htm'], citedBy: 'lines', previewedIn: 'textEditor', role: 'source' },
  latex: { extensions: ['.tex'], citedBy: 'lines', previewedIn: 'textEditor', role: 'draft' },
  // Quarto and R Markdown are one syntax here: Pandoc Markdown, YAML front matter, ```{r} chunks.
  quarto: { extensions: ['.qmd', '.rmd'], citedBy: 'lines', previewedIn: 'textEditor', role: 'draft' },
};

const KINDS = Object.keys(FORMATS) as DocumentKind[];

/** A document's kind by its name (case-insensitive); a name no format claims is read as text. */
export function kindOf(path: string): DocumentKind {
  const name = path.toLowerCase();
  return KINDS.find((kind) => FORMATS[kind].extensions.some((extension) => name.endsWith(extension))) ?? 'text';
}

export function formatOf(path: string): DocumentFormat {
  return FORMATS[kindOf(path)];
}

/** The user's own writing (a `.tex`, `.qmd`, `.Rmd` source): never evidence for a citation. */
export function isDraft(path: string): boolean {
  return formatOf(path).role === 'draft';
}

/** The globs the index includes by default: every extension of the table. */
export function defaultIncludeGlobs(): string[] {
  return KINDS.flatMap((kind) => FORMATS[kind].extensions.map((extension) => `**/*${extension}`));
}
