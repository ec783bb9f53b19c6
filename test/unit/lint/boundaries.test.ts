import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(__dirname, '../../..');

/**
 * One forbidden import per layer rule of eslint.config.mjs, linted as if it were written at that
 * path: each must be refused, so deleting a rule from the config fails this test (and `npm test`).
 */
const FORBIDDEN: Array<{ rule: string; file: string; code: string; says: RegExp }> = [
  { rule: 'core ↛ the vscode module', file: 'src/core/graph/probe.ts', code: "import * as vscode from 'vscode';", says: /talk to VS Code/ },
  {
    rule: 'core ↛ the editor layer',
    file: 'src/core/graph/nodes/probe.ts',
    code: "import { COMMANDS } from '../../../vscode/pure/commandIds';",
    says: /editor layer/,
  },
  { rule: 'core ↛ src/extension.ts', file: 'src/core/probe.ts', code: "import { activate } from '../extension';", says: /editor layer/ },
  { rule: 'core ↛ the CLI', file: 'src/core/eval/probe.ts', code: "import { printJson } from '../../cli/output';", says: /src\/cli is a host/ },
  {
    rule: 'core/index ↛ core/graph',
    file: 'src/core/index/embed/probe.ts',
    code: "import type { TurnInput } from '../../graph/api';",
    says: /serves the graph/,
  },
  {
    rule: 'core/index ↛ the LLM chat client',
    file: 'src/core/index/probe.ts',
    code: "import { createOllamaClient } from '../llm/ollamaClient';",
    says: /not the chat clients/,
  },
  {
    rule: 'core/index ↛ the OpenAI-compatible chat client',
    file: 'src/core/index/embed/probe.ts',
    code: "import { createOpenAiClient } from '../../llm/openaiClient';",
    says: /not the chat clients/,
  },
  {
    rule: 'core/index ↛ core/graph, from a subfolder two levels down',
    file: 'src/core/index/pipeline/ocr/probe.ts',
    code: "import { resolveConfig } from '../../../graph/config';",
    says: /serves the graph/,
  },
  {
    rule: 'core/index ↛ the rest of core/llm',
    file: 'src/core/index/probe.ts',
    code: "import type { LlmClient } from '../llm/llmClient';",
    says: /only the HTTP transport/,
  },
  { rule: 'core/index ↛ the vscode module', file: 'src/core/index/store/probe.ts', code: "import { window } from 'vscode';", says: /talk to VS Code/ },
  {
    rule: 'core/llm ↛ core/tracing',
    file: 'src/core/llm/probe.ts',
    code: "import type { TurnTrace } from '../tracing/tracer';",
    says: /wrap the LLM client from above/,
  },
  {
    rule: 'core/llm ↛ core/graph',
    file: 'src/core/llm/probe.ts',
    code: "import { resolveConfig } from '../graph/config';",
    says: /wrap the LLM client from above/,
  },
  { rule: 'core/llm ↛ the vscode module', file: 'src/core/llm/probe.ts', code: "import * as vscode from 'vscode';", says: /talk to VS Code/ },
  {
    rule: 'cli ↛ the editor layer',
    file: 'src/cli/commands/probe.ts',
    code: "import { readConfig } from '../../vscode/settings/config';",
    says: /editor layer/,
  },
  { rule: 'cli ↛ the vscode module', file: 'src/cli/probe.ts', code: "import * as vscode from 'vscode';", says: /talk to VS Code/ },
  {
    rule: 'cli ↛ deep files of core/index',
    file: 'src/cli/commands/probe.ts',
    code: "import { readMeta } from '../../core/index/store/meta';",
    says: /through its entry/,
  },
  {
    rule: 'the editor ↛ deep files of core/index',
    file: 'src/vscode/probe.ts',
    code: "import { lineWord } from '../core/index/lineUnits';",
    says: /through its entry/,
  },
  {
    rule: 'engine ↛ deep files of core/index',
    file: 'src/vscode/engine/probe.ts',
    code: "import { createRetriever } from '../../core/index/search/search';",
    says: /through its entry/,
  },
  {
    rule: 'vscode/pure ↛ deep files of core/index',
    file: 'src/vscode/pure/probe.ts',
    code: "import { DEFAULT_INCLUDE } from '../../core/index/pipeline/discover';",
    says: /through its entry/,
  },
  { rule: 'engine ↛ the vscode module', file: 'src/vscode/engine/probe.ts', code: "import * as vscode from 'vscode';", says: /plain Node/ },
  {
    rule: 'engine ↛ the rest of src/vscode',
    file: 'src/vscode/engine/probe.ts',
    code: "import { readConfig } from '../settings/config';",
    says: /imports core and \.\/pure only/,
  },
  { rule: 'engine ↛ the CLI', file: 'src/vscode/engine/probe.ts', code: "import { printJson } from '../../cli/output';", says: /src\/cli is a host/ },
  { rule: 'vscode/pure ↛ the vscode module at run time', file: 'src/vscode/pure/probe.ts', code: "import { Uri } from 'vscode';", says: /types only/ },
  {
    rule: 'vscode/pure ↛ the rest of src/vscode',
    file: 'src/vscode/pure/probe.ts',
    code: "import { renderProblem } from '../chat/render';",
    says: /imports core, its own folder/,
  },
  {
    rule: 'chatMarkdown ↛ the rest of src/vscode',
    file: 'src/vscode/pure/chatMarkdown.ts',
    code: "import { renderProblem } from '../chat/render';",
    says: /import only its own folder/,
  },
  {
    rule: 'chatMarkdown ↛ the engine types the rest of pure may use',
    file: 'src/vscode/pure/chatMarkdown.ts',
    code: "import type { EngineSettings } from '../engine/contract';",
    says: /import only its own folder/,
  },
];

/** Imports the same rules must let through, so a rule too wide is caught as well. */
const ALLOWED: Array<{ why: string; file: string; code: string }> = [
  { why: 'core/graph uses core/index', file: 'src/core/graph/probe.ts', code: "import type { Retriever } from '../index/types';" },
  {
    why: 'core/index embeds through the Ollama transport',
    file: 'src/core/index/embed/probe.ts',
    code: "import { timedFetch } from '../../llm/timedFetch';\nimport { resolveLimits } from '../../llm/timeouts';\nimport { LlmTimeoutError } from '../../llm/errors';\nimport { isUnreachable } from '../../llm/networkErrors';",
  },
  {
    why: 'core/index embeds through the OpenAI-compatible transport',
    file: 'src/core/index/embed/probe.ts',
    code: "import { createOpenAiTransport } from '../../llm/openaiTransport';",
  },
  { why: 'core/tracing wraps core/llm', file: 'src/core/tracing/probe.ts', code: "import type { LlmClient } from '../llm/llmClient';" },
  {
    why: 'the engine uses core and ./pure',
    file: 'src/vscode/engine/probe.ts',
    code: "import { indexWithEmbedder } from '../../core/index';\nimport { COMMANDS } from '../pure/commandIds';",
  },
  {
    why: 'vscode/pure uses VS Code types and core',
    file: 'src/vscode/pure/probe.ts',
    code: "import type { Command } from 'vscode';\nimport type { Citation } from '../../core/graph/api';\nimport { COMMANDS } from './commandIds';\nimport type { EngineSettings } from '../engine/contract';",
  },
  { why: 'the CLI uses the index through its entry', file: 'src/cli/commands/probe.ts', code: "import { openIndexForQueries } from '../../core/index';" },
  {
    why: 'the chat Markdown guard uses its own folder and core',
    file: 'src/vscode/pure/chatMarkdown.ts',
    code: "import { COMMANDS } from './commandIds';\nimport type { Citation } from '../../core/graph/api';",
  },
  {
    why: 'the editor layer uses VS Code',
    file: 'src/vscode/chat/probe.ts',
    code: "import * as vscode from 'vscode';\nimport { readConfig } from '../settings/config';",
  },
];

describe('lint: layer boundaries (eslint.config.mjs)', function () {
  this.timeout(120_000);
  let eslint: ESLint;
  before(() => {
    eslint = new ESLint({ cwd: root });
  });

  async function restrictedImports(file: string, code: string) {
    const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: join(root, file) });
    return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
  }

  for (const { rule, file, code, says } of FORBIDDEN) {
    it(`refuses ${rule} (${file})`, async () => {
      const messages = await restrictedImports(file, code);
      assert.equal(messages.length, 1, `${code} at ${file}: ${JSON.stringify(messages)}`);
      assert.match(messages[0]!.message, says);
    });
  }

  for (const { why, file, code } of ALLOWED) {
    it(`lets through: ${why}`, async () => {
      assert.deepEqual(await restrictedImports(file, code), []);
    });
  }

  it('refuses a require() in src, where imports must stay static unless lazy loading is the point', async () => {
    const [result] = await eslint.lintText("export const x = require('node:fs');\n", { filePath: join(root, 'src/core/probe.ts') });
    assert.deepEqual(
      result!.messages.map((m) => m.ruleId),
      ['@typescript-eslint/no-require-imports'],
    );
  });
});
