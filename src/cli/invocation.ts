/**
 * The command as this install runs it, for every message that names a command to type next:
 * `research-assistant` when the user started the installed command from their PATH, else the
 * way they started this file (`node dist/cli.js`, `./node_modules/.bin/research-assistant`), so
 * the line can be pasted as it is.
 */
import { basename, delimiter, dirname, isAbsolute, relative, resolve } from 'node:path';

export const INSTALLED_COMMAND = 'research-assistant';

export interface Invocation {
  /** The script node runs (process.argv[1]). */
  script?: string;
  cwd?: string;
  path?: string;
}

export function cliCommand({ script = process.argv[1], cwd = process.cwd(), path = process.env.PATH ?? '' }: Invocation = {}): string {
  if (!script) return INSTALLED_COMMAND;
  const name = basename(script).replace(/\.(cmd|ps1)$/i, '');
  if (name === INSTALLED_COMMAND) {
    const onPath = path.split(delimiter).some((dir) => dir !== '' && resolve(cwd, dir) === resolve(dirname(script)));
    return onPath ? INSTALLED_COMMAND : shellWord(asTyped(script, cwd, true));
  }
  // Our bundle (dist/cli.js) or its source under tsx; anything else (a test runner) is not a command to show.
  if (!/^(cli\.c?js|main\.ts)$/.test(name)) return INSTALLED_COMMAND;
  return `node ${shellWord(asTyped(script, cwd, false))}`;
}

/** The path relative to where the user is when it is inside it, else absolute; a program in this folder needs `./`. */
function asTyped(script: string, cwd: string, program: boolean): string {
  const absolute = resolve(cwd, script);
  const inside = relative(cwd, absolute);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return absolute;
  return program && !inside.includes('/') ? `./${inside}` : inside;
}

/** A path as a shell word: as it is when it is plain, else in single quotes. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
