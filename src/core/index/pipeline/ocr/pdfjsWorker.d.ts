/** pdf.js's worker module, imported only to run its "fake worker" in the same thread (pageScan.ts). */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
