/**
 * Prompt files: Markdown with a small front matter (name, version, temperature, variables) and
 * `{{variable}}` placeholders. One parser, one renderer, both strict: a placeholder without a
 * value, a value without a placeholder or a declared variable the text never uses is an error,
 * so prompts and code cannot drift apart silently.
 */

export interface PromptTemplate {
  name: string;
  version: number | string;
  temperature: number;
  /** Declared in the front matter; exactly the placeholders the text uses. */
  variables: string[];
  text: string;
}

export class PromptError extends Error {
  readonly code: 'prompt-invalid' | 'prompt-missing-variable' | 'prompt-unused-variable' | 'prompt-not-found';
  constructor(code: PromptError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PromptError';
    this.code = code;
  }
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g;

export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/** Parses a prompt file; `source` names it in errors. */
export function parsePromptFile(content: string, source: string): PromptTemplate {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(content);
  if (!match) throw new PromptError('prompt-invalid', `${source}: missing front matter (--- ... ---)`);
  const fields = new Map<string, string>();
  for (const line of match[1].split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const kv = /^([a-zA-Z_]+)\s*:\s*(.*)$/.exec(line);
    if (!kv) throw new PromptError('prompt-invalid', `${source}: cannot read front matter line '${line}'`);
    fields.set(kv[1], kv[2].trim());
  }
  const name = fields.get('name');
  if (!name) throw new PromptError('prompt-invalid', `${source}: front matter needs a name`);
  const temperature = Number(fields.get('temperature') ?? 'NaN');
  if (!Number.isFinite(temperature) || temperature < 0 || temperature > 2) {
    throw new PromptError('prompt-invalid', `${source}: temperature must be a number between 0 and 2`);
  }
  const rawVars = fields.get('variables') ?? '[]';
  const list = /^\[(.*)\]$/.exec(rawVars);
  if (!list) throw new PromptError('prompt-invalid', `${source}: variables must be a list like [a, b]`);
  const variables = list[1]
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const version = fields.get('version') ?? '1';
  const template: PromptTemplate = {
    name,
    version: /^\d+$/.test(version) ? Number(version) : version,
    temperature,
    variables,
    text: match[2].replace(/\s+$/, '') + '\n',
  };
  checkDeclared(template, source);
  return template;
}

/** The declared variables must be exactly the placeholders in the text. */
export function checkDeclared(template: Pick<PromptTemplate, 'variables' | 'text'>, source: string): void {
  const used = placeholdersOf(template.text);
  const undeclared = used.filter((v) => !template.variables.includes(v));
  if (undeclared.length) throw new PromptError('prompt-missing-variable', `${source}: placeholders not declared in variables: ${undeclared.join(', ')}`);
  const unused = template.variables.filter((v) => !used.includes(v));
  if (unused.length) throw new PromptError('prompt-unused-variable', `${source}: declared variables never used: ${unused.join(', ')}`);
}

/** Renders in one pass, so a value that itself contains `{{x}}` (document text!) is never expanded. */
export function renderTemplate(template: Pick<PromptTemplate, 'name' | 'text'>, values: Record<string, string>): string {
  const used = placeholdersOf(template.text);
  const missing = used.filter((v) => values[v] === undefined);
  if (missing.length) throw new PromptError('prompt-missing-variable', `prompt '${template.name}': no value for ${missing.join(', ')}`);
  const unused = Object.keys(values).filter((v) => !used.includes(v));
  if (unused.length) throw new PromptError('prompt-unused-variable', `prompt '${template.name}': values given but not used: ${unused.join(', ')}`);
  return template.text.replace(PLACEHOLDER, (_all, name: string) => values[name]);
}
