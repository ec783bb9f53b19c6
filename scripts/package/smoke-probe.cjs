// Runs in a child Node process against an UNPACKED .vsix: loads its dist/engine.js (LanceDB, its
// native binary and apache-arrow from the package's own node_modules), indexes a folder holding a
// PDF and a note with PDF extraction on worker threads and full-text search only, then answers a
// question with no LLM reachable (the extractive path: a full-text search and citations). A
// scanned PDF in the folder is read by OCR (the package's ocr-worker.js, tesseract.js and data).
// Usage: node smoke-probe.cjs <extension dir> <docs folder> <index dir>. Prints one JSON line.
const [extDir, folder, dbDir] = process.argv.slice(2);
const { engine } = require(require('node:path').join(extDir, 'dist/engine.js'));

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
// The engine's settings as the editor's one mapping makes them (src/vscode/pure/settings.ts
// engineSettings); no temperatures: the prompt files decide.
const settings = {
  llmProvider: 'ollama',
  llmBaseUrl: '',
  ollamaHost: 'http://127.0.0.1:9', // nothing listens: the turn must degrade, not fail
  graph: { model: 'llama3.2', temperatures: {}, maxClarifications: 2, maxHistory: 10, langfuse: {} },
  tracing: false,
  embedding: { provider: 'none', model: 'nomic-embed-text', localDir: '', localPrecision: 'mixed' },
  index: { include: ['**/*.pdf', '**/*.md'], exclude: [], ocr: { mode: 'auto', languages: ['eng'], maxPagesPerDocument: 200 } },
  indexRefreshSeconds: 10,
};

(async () => {
  const gen = engine.indexFolder({ root: folder, dbDir, settings, logger: quiet });
  let step;
  do step = await gen.next();
  while (!step.done);
  const summary = step.value;
  const stats = await engine.indexStatus(dbDir);
  const turn = await engine.runTurn({
    input: { question: process.env.SMOKE_QUESTION, history: [] },
    folders: [{ label: 'docs', dbDir }],
    settings,
    logger: quiet,
  });
  // The scanned page's text, read by OCR from the package's own worker and language data.
  const scanned = await engine.runTurn({
    input: { question: 'How many cups before the espresso machine is descaled?', history: [] },
    folders: [{ label: 'docs', dbDir }],
    settings,
    logger: quiet,
  });
  await engine.close();
  console.log(
    JSON.stringify({
      indexed: summary.indexed,
      failed: summary.failed,
      pages: summary.pages,
      chunks: stats?.chunks,
      route: turn.route,
      answer: turn.answer,
      citations: turn.citations,
      ocr: summary.ocr,
      ocrText: scanned.answer,
    }),
  );
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
