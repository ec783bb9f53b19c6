/**
 * The one line every command prints when the index cannot be used, naming the command that
 * fixes it for this folder (and this --db). Decided by the error's code, never its text: a
 * damaged index is rebuilt, a missing one indexed; "index the folder first" is never said of a
 * damaged index.
 */
import { IndexStoreError, isIndexDamage } from '../core/index';
import { cliCommand, shellWord } from './invocation';

export function isIndexProblem(error: unknown): error is IndexStoreError {
  return error instanceof IndexStoreError;
}

export function indexProblemLine(error: IndexStoreError, folder: string, db?: string): string {
  if (isIndexDamage(error)) return `the index at ${error.dir} is damaged (${error.detail}): rebuild it with \`${indexCommand(folder, db, ' --rebuild')}\``;
  switch (error.code) {
    case 'index-version':
      return `the index at ${error.dir} was made by another version of this program: rebuild it with \`${indexCommand(folder, db, ' --rebuild')}\``;
    case 'index-missing':
      return `no index at ${error.dir}: index the folder first with \`${indexCommand(folder, db)}\``;
    default:
      return error.message;
  }
}

/** The `index` command line for this folder, ready to paste (the command as this install runs it). */
export function indexCommand(folder: string, db?: string, flags = ''): string {
  return `${cliCommand()} index ${shellWord(folder)}${db ? ` --db ${shellWord(db)}` : ''}${flags}`;
}
