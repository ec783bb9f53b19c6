/**
 * pdf.js for the CLI, bundled into a file of its own (dist/cli-pdfjs.js, esbuild.mjs): the CLI loads
 * it when it first reads a PDF itself, so the commands that read none (`check`, `search`) do not
 * compile its 2.4 MB at every start.
 */
export * from 'unpdf';
