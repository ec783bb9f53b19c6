/**
 * A Zotero collection or tag as the scope of a chat conversation ("only my Thesis / Chapter 2
 * collection"): `/collection Thesis / Chapter 2` or `/tag to-read` sets it, `/collection all`
 * clears it, `/collection` alone lists what there is to choose (follow-up buttons). VS Code's
 * chat keeps no state between turns but the results' metadata, so the scope rides in the
 * metadata of the command's result and a later question finds it by reading the history back to
 * the last scope command. No `vscode` import.
 */
import { PARTICIPANT_ID } from './commandIds';

export interface LibraryScope {
  collection?: string;
  tag?: string;
}

export const SCOPE_COMMANDS = ['collection', 'tag'] as const;
export type ScopeCommand = (typeof SCOPE_COMMANDS)[number];

export function isScopeCommand(command: string | undefined): command is ScopeCommand {
  return (SCOPE_COMMANDS as readonly string[]).includes(command ?? '');
}

/** The metadata of a scope command's result: the conversation's scope from then on (null: everything). */
export interface ScopeMetadata {
  kind: 'local-research-scope';
  scope: LibraryScope | null;
  /** Collections or tags to choose from (the follow-up provider shows them as `/collection <path>` buttons). */
  choices: Array<{ command: ScopeCommand; name: string }>;
}

export function isScopeMetadata(value: unknown): value is ScopeMetadata {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<ScopeMetadata>;
  return v.kind === 'local-research-scope' && (v.scope === null || isLibraryScope(v.scope)) && Array.isArray(v.choices);
}

function isLibraryScope(value: unknown): value is LibraryScope {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const fine = (x: unknown) => x === undefined || typeof x === 'string';
  return fine(v.collection) && fine(v.tag) && (v.collection !== undefined || v.tag !== undefined);
}

/** A response of the history: who answered and its result's metadata. */
export interface ScopeHistoryTurn {
  participant: string;
  metadata: unknown;
}

/** The conversation's scope: the last scope command's, or null (everything) when there was none or it was cleared. */
export function conversationScope(responses: readonly ScopeHistoryTurn[]): LibraryScope | null {
  for (let i = responses.length - 1; i >= 0; i--) {
    const turn = responses[i]!;
    if (turn.participant === PARTICIPANT_ID && isScopeMetadata(turn.metadata)) return turn.metadata.scope;
  }
  return null;
}

const EVERYTHING = /^(?:all|none|everything|off|clear|\*)$/i;

/** What a scope command asks: the choices (no name), everything again, or a collection or tag. */
export function parseScopeCommand(command: ScopeCommand, prompt: string): { kind: 'list' } | { kind: 'clear' } | { kind: 'set'; scope: LibraryScope } {
  const name = prompt
    .trim()
    .replace(/^["“']|["”']$/g, '')
    .trim();
  if (!name) return { kind: 'list' };
  if (EVERYTHING.test(name)) return { kind: 'clear' };
  return { kind: 'set', scope: command === 'collection' ? { collection: name } : { tag: name } };
}

/** "the collection Thesis / Chapter 2", "the tag to-read", "the collection X with the tag Y". */
export function scopeText(scope: LibraryScope): string {
  const parts = [
    ...(scope.collection !== undefined ? [`the collection ${scope.collection}`] : []),
    ...(scope.tag !== undefined ? [`${scope.collection !== undefined ? 'with ' : ''}the tag ${scope.tag}`] : []),
  ];
  return parts.join(' ');
}

/** "1 paper", "12 papers". */
export function itemsText(items: number): string {
  return `${items} paper${items === 1 ? '' : 's'}`;
}
