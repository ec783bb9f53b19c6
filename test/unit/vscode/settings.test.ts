import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CHAT_MODEL, DEFAULT_KEEP_ALIVE_MINUTES } from '../../../src/core/graph/config';
import { LIMITS, LIMIT_NAMES } from '../../../src/core/llm/timeouts';
import { loadPromptFile } from '../../../src/core/prompts/files';
import { DEFAULT_SETTINGS, engineSettings, type EditorSettings, type EngineKeys } from '../../../src/vscode/pure/settings';

const NO_KEYS: EngineKeys = { langfuseSecretKey: undefined, modelServerKey: undefined };

const root = join(__dirname, '../../..');
const contributed = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { default?: unknown }> } } }
).contributes.configuration.properties;

/** Settings whose default is not in the table but in a prompt file's front matter: the prompt decides unless the user sets one. */
const PROMPT_TEMPERATURES: Record<string, string> = {
  'research.chat.temperature': 'synthesis',
  'research.chat.orchestratorTemperature': 'orchestrator',
  'research.chat.clarificationTemperature': 'clarification',
};

function tableDefault(key: string): unknown {
  const limit = LIMIT_NAMES.find((name) => `research.${LIMITS[name].setting}` === key);
  // Shown in seconds, kept in ms.
  if (limit) return DEFAULT_SETTINGS.timeouts[limit] / 1000;
  return key
    .replace(/^research\./, '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], DEFAULT_SETTINGS);
}

describe("settings: package.json's defaults are core's", () => {
  for (const [key, property] of Object.entries(contributed)) {
    it(`${key} defaults to ${JSON.stringify(property.default)} here and in core`, async () => {
      const prompt = PROMPT_TEMPERATURES[key];
      const expected = prompt ? (await loadPromptFile(prompt, join(root, 'prompts'))).temperature : tableDefault(key);
      assert.notEqual(expected, undefined, `${key} has no default in src/vscode/pure/settings.ts`);
      assert.deepEqual(property.default, expected);
    });
  }

  it('the chat model is the one the CLI uses', () => {
    assert.equal(DEFAULT_SETTINGS.models.chat, DEFAULT_CHAT_MODEL);
  });
});

describe('settings: the one mapping from the editor to the engine', () => {
  const withChat = (chat: Partial<EditorSettings['chat']>, langfuse: Partial<EditorSettings['langfuse']> = {}): EditorSettings => ({
    ...DEFAULT_SETTINGS,
    chat: { ...DEFAULT_SETTINGS.chat, ...chat },
    langfuse: { ...DEFAULT_SETTINGS.langfuse, ...langfuse },
  });

  it('passes no temperature the user did not set, so the prompt files decide', () => {
    assert.deepEqual(engineSettings(DEFAULT_SETTINGS, NO_KEYS).chat.temperatures, {});
  });

  it('the answer temperature is the answers’ alone: grading and query analysis keep their prompt’s', () => {
    const chat = engineSettings(withChat({ temperature: 0.8, orchestratorTemperature: 0.1 }), NO_KEYS).chat;
    assert.deepEqual(chat.temperatures, { synthesis: 0.8, orchestrator: 0.1 });
  });

  it("the minutes Ollama keeps the model loaded reach the engine (core's default, 30, and the user's)", () => {
    assert.equal(engineSettings(DEFAULT_SETTINGS, NO_KEYS).chat.keepAliveMinutes, DEFAULT_KEEP_ALIVE_MINUTES);
    assert.equal(engineSettings(withChat({ keepAliveMinutes: -1 }), NO_KEYS).chat.keepAliveMinutes, -1);
  });

  it('Langfuse off: no tracing and no keys, even with a stored secret', () => {
    const off = engineSettings(withChat({}, { publicKey: 'pk' }), { ...NO_KEYS, langfuseSecretKey: 'sk' });
    assert.equal(off.chat.tracing, false);
    assert.deepEqual(off.chat.langfuse, {});
    const on = engineSettings(withChat({}, { enabled: true, publicKey: 'pk' }), { ...NO_KEYS, langfuseSecretKey: 'sk' });
    assert.deepEqual(on.chat.langfuse, { baseUrl: 'https://cloud.langfuse.com', publicKey: 'pk', secretKey: 'sk' });
  });
});
