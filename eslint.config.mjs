// The layers of the code, enforced: each block below says which folder may not import which, and
// why. Imports are relative, so a forbidden folder is matched after any number of `../`.
// test/unit/lint/boundaries.test.ts lints one forbidden import per rule and expects it refused.
// Besides the layers, one rule whose exceptions are deliberate and commented (`require`); an
// `eslint-disable` that is not needed is an error.
import tseslint from 'typescript-eslint';

/** A relative import reaching folder `dir` of src (or src/core) from any depth. */
const up = (dir) => `^(\\.\\./)+${dir}(/|$)`;

const noVscodeModule = {
  name: 'vscode',
  message: 'Only src/extension.ts and src/vscode/** talk to VS Code; pass what you need in as plain data or a port (src/core/ports.ts).',
};
const noEditorLayer = {
  regex: up('(vscode|extension)'),
  message: 'The editor layer sits above this folder: take what you need as a parameter or a port instead.',
};
const noCli = { regex: up('cli'), message: 'src/cli is a host like the editor: move what both need into src/core.' };
const indexEntryOnly = {
  regex: `${up('core/index')}.`,
  message: 'Hosts reach the index through its entry (src/core/index/index.ts): import from core/index, and add there what a host needs.',
};

/** Boundaries per folder; a later, narrower block must repeat the wider block's (ESLint replaces a rule's options). */
const core = { paths: [noVscodeModule], patterns: [noEditorLayer, noCli] };
const layers = [
  {
    name: 'core runs without an editor or a CLI',
    files: ['src/core/**/*.ts'],
    ...core,
  },
  {
    name: 'the index knows nothing of the graph or the LLM client',
    files: ['src/core/index/**/*.ts'],
    paths: core.paths,
    patterns: [
      ...core.patterns,
      { regex: up('graph'), message: 'src/core/index serves the graph, never the other way: pass what it needs as a parameter.' },
      // Embedding shares the HTTP transport (errors, timed fetch, limits, the OpenAI-compatible requests, where Ollama runs) with the chat clients; nothing else of core/llm.
      {
        regex: `${up('llm')}(?!(errors|host|networkErrors|timedFetch|timeouts|openaiTransport)$)`,
        message:
          'src/core/index may use only the HTTP transport of src/core/llm (errors, host, networkErrors, timedFetch, timeouts, openaiTransport), not the chat clients.',
      },
    ],
  },
  {
    name: 'the LLM client is the bottom of the graph side: tracing and the graph wrap it from above',
    files: ['src/core/llm/**/*.ts'],
    paths: core.paths,
    patterns: [
      ...core.patterns,
      {
        regex: up('(tracing|graph)'),
        message: 'Tracing and the graph wrap the LLM client from above (core/tracing/tracedLlm.ts); src/core/llm never imports them.',
      },
    ],
  },
  {
    name: 'the CLI is a host beside the editor, not on it',
    files: ['src/cli/**/*.ts'],
    paths: [noVscodeModule],
    patterns: [noEditorLayer, indexEntryOnly],
  },
  {
    name: 'the editor reaches the index through its entry',
    files: ['src/extension.ts', 'src/vscode/**/*.ts'],
    paths: [],
    patterns: [indexEntryOnly],
  },
  {
    name: 'the editor engine is plain Node, bundled alone and loaded on first use',
    files: ['src/vscode/engine/**/*.ts'],
    paths: [
      { ...noVscodeModule, message: 'dist/engine.js is plain Node (loaded by engine/load.ts): no VS Code API here; the editor layer passes plain data.' },
    ],
    patterns: [
      noCli,
      indexEntryOnly,
      { regex: '^\\.\\./(?!\\.\\./|pure/)', message: 'The engine imports core and ./pure only: the rest of src/vscode uses the VS Code API.' },
    ],
  },
  {
    name: "the editor's pure logic runs without VS Code (unit-tested in plain Node)",
    files: ['src/vscode/pure/**/*.ts'],
    // Types of the VS Code API (Command, ...) are erased at build time and allowed.
    paths: [{ ...noVscodeModule, allowTypeImports: true, message: 'src/vscode/pure runs without VS Code (unit tests): types only (`import type`).' }],
    patterns: [
      noCli,
      indexEntryOnly,
      {
        regex: '^\\.\\./(?!\\.\\./|engine/)',
        message: 'src/vscode/pure imports core, its own folder and ../engine only (none uses the VS Code API); the rest of src/vscode does.',
      },
    ],
  },
  {
    name: 'the chat Markdown guard runs without VS Code (unit-tested in plain Node)',
    files: ['src/vscode/pure/chatMarkdown.ts'],
    paths: [
      { ...noVscodeModule, allowTypeImports: true, message: 'src/vscode/pure/chatMarkdown.ts runs without VS Code (unit tests): types only (`import type`).' },
    ],
    patterns: [
      noCli,
      indexEntryOnly,
      { regex: '^\\.\\./(?!\\.\\./)', message: 'src/vscode/pure/chatMarkdown.ts runs without VS Code: import only its own folder (./*) and core.' },
    ],
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.tools/**', 'test-artifacts/**', '**/fixtures/**', 'media/**'] },
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      // `require` skips the type checker and esbuild's static graph: only where lazy loading is the point.
      '@typescript-eslint/no-require-imports': 'error',
    },
  },
  ...layers.map(({ name, files, paths, patterns }) => ({
    name,
    files,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }] },
  })),
);
