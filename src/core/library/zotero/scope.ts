/**
 * A Zotero collection or tag as a scope: "only my Thesis / Chapter 2 collection". A collection is
 * named by its name or its path from the top (`Thesis/Chapter 2`, `Thesis / Chapter 2`), matched
 * without regard to case; its subcollections are included, as Zotero shows them with "Show Items
 * from Subcollections".
 */
import type { ZoteroCollection } from './types';

/** What scoping reads of an item (the reader's items and the library record's both have it). */
export interface Scopable {
  collections: readonly string[];
  tags: readonly string[];
}

function normal(name: string): string {
  return name
    .split('/')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
    .join('/');
}

/** The collections a name or path names (a bare name may name several, in different parents). */
export function findCollections(collections: readonly ZoteroCollection[], nameOrPath: string): ZoteroCollection[] {
  const wanted = normal(nameOrPath);
  const byPath = collections.filter((c) => normal(c.path) === wanted);
  if (byPath.length > 0) return byPath;
  return collections.filter((c) => normal(c.name) === wanted || normal(c.path).endsWith(`/${wanted}`));
}

/** Keys of the collections and every collection below them. */
export function withSubcollections(collections: readonly ZoteroCollection[], roots: readonly ZoteroCollection[]): Set<string> {
  const keys = new Set(roots.map((c) => c.key));
  for (let grew = true; grew;) {
    grew = false;
    for (const c of collections) {
      if (c.parentKey !== null && keys.has(c.parentKey) && !keys.has(c.key)) {
        keys.add(c.key);
        grew = true;
      }
    }
  }
  return keys;
}

export interface ZoteroScope {
  collection?: string;
  tag?: string;
}

/** The items in the scope; throws a ScopeError naming the collections or tags there are, when the name matches none. */
export function itemsInScope<T extends Scopable>(items: readonly T[], collections: readonly ZoteroCollection[], scope: ZoteroScope): T[] {
  let chosen = [...items];
  if (scope.collection !== undefined) {
    const roots = findCollections(collections, scope.collection);
    if (roots.length === 0) throw new ScopeError(`no collection "${scope.collection}" in the Zotero library`, collections.map((c) => c.path).sort());
    const keys = withSubcollections(collections, roots);
    chosen = chosen.filter((item) => item.collections.some((k) => keys.has(k)));
  }
  if (scope.tag !== undefined) {
    const tag = scope.tag.trim().toLowerCase();
    const known = new Set(items.flatMap((item) => item.tags));
    if (![...known].some((t) => t.toLowerCase() === tag)) throw new ScopeError(`no tag "${scope.tag}" in the Zotero library`, [...known].sort());
    chosen = chosen.filter((item) => item.tags.some((t) => t.toLowerCase() === tag));
  }
  return chosen;
}

export class ScopeError extends Error {
  readonly code = 'zotero-scope';
  constructor(
    message: string,
    /** What there is to choose from. */
    readonly choices: string[],
  ) {
    super(`${message}${choices.length ? ` (there are: ${choices.slice(0, 8).join(', ')}${choices.length > 8 ? ', …' : ''})` : ''}`);
    this.name = 'ScopeError';
  }
}
