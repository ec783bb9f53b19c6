import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findPromptsDir, loadPromptFile } from '../../../src/core/prompts/files';
import { PromptError, parsePromptFile, renderTemplate } from '../../../src/core/prompts/template';

const file = (vars: string, body: string) => `---\nname: t\nversion: 3\ntemperature: 0.4\nvariables: [${vars}]\n---\n${body}`;

describe('prompt loader', () => {
  it('reads front matter (name, version, temperature, variables) and the text', () => {
    const t = parsePromptFile(file('a, b', 'Hello {{a}} and {{ b }}.\n'), 'x.md');
    assert.equal(t.name, 't');
    assert.equal(t.version, 3);
    assert.equal(t.temperature, 0.4);
    assert.deepEqual(t.variables, ['a', 'b']);
    assert.equal(renderTemplate(t, { a: 'A', b: 'B' }), 'Hello A and B.\n');
  });

  it('rejects a file whose placeholders and declared variables differ', () => {
    assert.throws(
      () => parsePromptFile(file('a', 'uses {{a}} and {{b}}'), 'x.md'),
      (e: unknown) => e instanceof PromptError && e.code === 'prompt-missing-variable',
    );
    assert.throws(
      () => parsePromptFile(file('a, b', 'uses {{a}} only'), 'x.md'),
      (e: unknown) => e instanceof PromptError && e.code === 'prompt-unused-variable',
    );
    assert.throws(
      () => parsePromptFile('no front matter', 'x.md'),
      (e: unknown) => e instanceof PromptError && e.code === 'prompt-invalid',
    );
    assert.throws(
      () => parsePromptFile('---\nname: t\ntemperature: hot\nvariables: []\n---\nx', 'x.md'),
      (e: unknown) => e instanceof PromptError && e.code === 'prompt-invalid',
    );
  });

  it('rejects a missing value and an unused value when rendering', () => {
    const t = parsePromptFile(file('a', 'x {{a}}'), 'x.md');
    assert.throws(
      () => renderTemplate(t, {}),
      (e: unknown) => e instanceof PromptError && e.code === 'prompt-missing-variable',
    );
    assert.throws(
      () => renderTemplate(t, { a: '1', extra: '2' }),
      (e: unknown) => e instanceof PromptError && e.code === 'prompt-unused-variable',
    );
  });

  it('renders in one pass: a value containing {{placeholders}} (document text) is not expanded', () => {
    const t = parsePromptFile(file('a, b', '{{a}} / {{b}}'), 'x.md');
    assert.equal(renderTemplate(t, { a: '{{b}}', b: 'B' }), '{{b}} / B\n');
  });

  it('finds the prompts folder from source and loads every prompt file without error', async () => {
    const dir = findPromptsDir();
    const names = readdirSync(dir)
      .filter((n) => n.endsWith('.md'))
      .map((n) => n.replace(/\.md$/, ''));
    assert.ok(names.includes('orchestrator') && names.includes('synthesis'));
    for (const name of names) assert.equal((await loadPromptFile(name, dir)).name, name);
    await assert.rejects(loadPromptFile('no-such-prompt', dir), (e: unknown) => e instanceof PromptError && e.code === 'prompt-not-found');
  });

  it('pins the seeded temperatures: orchestrator 0.3, clarification 0.5', async () => {
    const dir = findPromptsDir();
    assert.equal((await loadPromptFile('orchestrator', dir)).temperature, 0.3);
    assert.equal((await loadPromptFile('clarification', dir)).temperature, 0.5);
    assert.equal(join(dir, 'x').length > 0, true);
  });
});
