// Runs in a child Node process against an UNPACKED .vsix: loads its dist/engine.js (LanceDB, its
// native binary and apache-arrow from the package's own node_modules), indexes a folder holding a
// PDF and a note with PDF extraction on worker threads and full-text search only, then answers a
// question with no LLM reachable (the extractive path: a full-text search and citations). A
// scanned PDF in the folder is read by OCR (the package's ocr-worker.js, tesseract.js and data).
// Usage: node smoke-probe.cjs <extension dir> <docs folder> <index dir>. Prints one JSON line.
const [extDir, folder, dbDir] = process.argv.slice(2);
const { engine } = require(require('node:path').join(extDir, 'dist/engine.js'));

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const settings = {
  ollamaHost: 'http://127.0.0.1:9', // nothing listens: the turn must degrade, not fail
  chatModel: 'llama3.2',
  embeddingModel: 'nomic-embed-text',
  embeddingProvider: 'none',
  localEmbeddingDir: '',
  localEmbeddingPrecision: 'mixed',
  include: ['**/*.pdf', '**/*.md'],
  exclude: [],
  maxClarifications: 2,
  maxHistory: 10,
  temperature: 0.2,
  orchestratorTemperature: 0.3,
  clarificationTemperature: 0.5,
  langfuse: { enabled: false, host: '', publicKey: '' },
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
