/**
 * Finds and reads `prompts/*.md`. The folder sits at the repository root: two levels up from
 * this source file when run from source (tests, tsx), one level up from `dist/` in the bundle.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PromptError, parsePromptFile, type PromptTemplate } from './template';

let found: string | null = null;

export function findPromptsDir(explicit?: string): string {
  // Looked up once: prompts are loaded several times per turn.
  if (!explicit && found) return found;
  const candidates = explicit ? [explicit] : [resolve(__dirname, '../prompts'), resolve(__dirname, '../../../prompts'), resolve(process.cwd(), 'prompts')];
  for (const dir of candidates) {
    if (existsSync(join(dir, 'orchestrator.md'))) {
      if (!explicit) found = dir;
      return dir;
    }
  }
  throw new PromptError('prompt-not-found', `prompt files not found (looked in ${candidates.join(', ')})`);
}

const cache = new Map<string, Promise<PromptTemplate>>();

/** Loads and validates one prompt file; cached per path for the life of the process. */
export function loadPromptFile(name: string, dir = findPromptsDir()): Promise<PromptTemplate> {
  const path = join(dir, `${name}.md`);
  let loaded = cache.get(path);
  if (!loaded) {
    loaded = readFile(path, 'utf8').then(
      (content) => {
        const template = parsePromptFile(content, path);
        if (template.name !== name) throw new PromptError('prompt-invalid', `${path}: front matter name '${template.name}' differs from the file name`);
        return template;
      },
      (error: unknown) => {
        throw new PromptError('prompt-not-found', `prompt '${name}' not found at ${path}`, { cause: error });
      },
    );
    loaded.catch(() => cache.delete(path));
    cache.set(path, loaded);
  }
  return loaded;
}
