// Runs in a child Node process against an UNPACKED .vsix: loads its dist/engine.js (LanceDB, its
// native binary and apache-arrow from the package's own node_modules), indexes a folder holding a
// PDF and a note with PDF extraction on worker threads and full-text search only, then answers a
// question with no LLM reachable (the extractive path: a full-text search and citations). A
// scanned PDF in the folder is read by OCR (the package's ocr-worker.js, tesseract.js and data).
// A local embedding model folder set in the settings (SMOKE_LOCAL_MODEL_DIR) cannot be used by the
// package, which leaves transformers.js and onnxruntime out: with the provider `auto` indexing
// goes on full-text only and says why; with `local` it stops with its typed error.
// Usage: node smoke-probe.cjs <extension dir> <docs folder> <index dir>. Prints one JSON line.
const [extDir, folder, dbDir] = process.argv.slice(2);
const { engine } = require(require('node:path').join(extDir, 'dist/engine.js'));

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
// The engine's settings as the editor's one mapping makes them (src/vscode/pure/settings.ts
// engineSettings, core/session/settings.ts SessionSettings); no temperatures: the prompt files decide.
const settings = {
  model: { kind: 'ollama' },
  ollamaHost: 'http://127.0.0.1:9', // nothing listens: the turn must degrade, not fail
  limits: {},
  chat: { model: 'llama3.2', temperatures: {}, maxClarifications: 2, maxHistory: 10, langfuse: {}, tracing: false },
  embedding: { mode: 'none', ollamaModel: 'nomic-embed-text', modelDir: null, localPrecision: 'mixed' },
  index: { include: ['**/*.pdf', '**/*.md'], exclude: [], ocr: { mode: 'auto', languages: ['eng'], maxPagesPerDocument: 200 } },
  indexRefreshSeconds: 10,
};

async function index(settings, dbDir, logger = quiet) {
  const gen = engine.indexFolder({ root: folder, dbDir, settings, logger });
  let step;
  do step = await gen.next();
  while (!step.done);
  return step.value;
}

/** Indexing with a local model folder set, as the provider `auto` and as `local`. */
async function withLocalModelFolder(localDir) {
  const said = [];
  const logger = { ...quiet, info: (line) => said.push(line) };
  // fp32: the model as it is, so the folder's placeholder files are not read before transformers.js is loaded.
  const embedding = (mode) => ({ ...settings, embedding: { ...settings.embedding, mode, modelDir: localDir, localPrecision: 'fp32' } });
  const auto = await index(embedding('auto'), `${dbDir}-auto`, logger);
  const local = await index(embedding('local'), `${dbDir}-local`).then(
    () => ({ code: 'none' }),
    (error) => ({ code: error.code, message: error.message }),
  );
  return { auto: { indexed: auto.indexed, failed: auto.failed, embedder: auto.embedder, said: said.filter((l) => l.startsWith('embeddings:')) }, local };
}

(async () => {
  const summary = await index(settings, dbDir);
  const stats = await engine.indexStatus(dbDir);
  const turn = await engine.runTurn({
    input: { question: process.env.SMOKE_QUESTION, history: [] },
    folders: [{ label: 'docs', dbDir, root: folder }],
    settings,
    model: settings.model,
    logger: quiet,
  });
  // The scanned page's text, read by OCR from the package's own worker and language data.
  const scanned = await engine.runTurn({
    input: { question: 'How many cups before the espresso machine is descaled?', history: [] },
    folders: [{ label: 'docs', dbDir, root: folder }],
    settings,
    model: settings.model,
    logger: quiet,
  });
  const localModelFolder = process.env.SMOKE_LOCAL_MODEL_DIR ? await withLocalModelFolder(process.env.SMOKE_LOCAL_MODEL_DIR) : undefined;
  await engine.close();
  console.log(
    JSON.stringify({
      localModelFolder,
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
