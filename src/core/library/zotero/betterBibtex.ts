/**
 * Citation keys from Better BibTeX's own database, `better-bibtex.sqlite` in the data directory:
 * a `citationkey` table (itemID, itemKey, libraryID, citationKey, pinned) that Better BibTeX
 * attaches to Zotero's connection and writes in rollback-journal mode. Recent Better BibTeX moves
 * the keys into Zotero's own `citationKey` field and renames the file `better-bibtex.migrated`;
 * while the file is there it is the key store Better BibTeX exports from, so its keys win.
 */
import { join } from 'node:path';
import { readSnapshot } from './snapshot';
import { columnNames, rows } from './sqlite';

export const BETTER_BIBTEX_FILE = 'better-bibtex.sqlite';

export interface BetterBibtexKeys {
  /** Key by `<libraryID>/<itemKey>`. */
  keys: Map<string, string>;
  /** One line when the file is there but could not be read (the keys then come from Zotero). */
  problem: string | null;
}

export async function readBetterBibtexKeys(dataDir: string): Promise<BetterBibtexKeys> {
  const path = join(dataDir, BETTER_BIBTEX_FILE);
  let snapshot;
  try {
    snapshot = await readSnapshot(path, { attempts: 3 });
  } catch (error) {
    if ((error as { kind?: string }).kind === 'missing') return { keys: new Map(), problem: null };
    return {
      keys: new Map(),
      problem: `Better BibTeX's ${BETTER_BIBTEX_FILE} could not be read (${(error as Error).message}): citation keys come from Zotero's records`,
    };
  }
  try {
    const columns = columnNames(snapshot.db, 'citationkey');
    if (!['itemKey', 'libraryID', 'citationKey'].every((c) => columns.has(c))) {
      return {
        keys: new Map(),
        problem: `Better BibTeX's ${BETTER_BIBTEX_FILE} has no citationkey table this version knows: citation keys come from Zotero's records`,
      };
    }
    const keys = new Map<string, string>();
    for (const r of rows(snapshot.db, "SELECT libraryID, itemKey, citationKey FROM citationkey WHERE citationKey <> ''")) {
      keys.set(`${Number(r.libraryID)}/${String(r.itemKey)}`, String(r.citationKey));
    }
    return { keys, problem: null };
  } finally {
    snapshot.db.close();
  }
}
