/**
 * Where an attachment's file is (`path` of itemAttachments, `xpcom/attachments.js` in Zotero):
 * `storage:<name>` is `<data dir>/storage/<attachment key>/<name>` (imported files); a linked file
 * is `attachments:<relative>` under the base directory of Zotero's preferences, or an absolute path.
 * A relative path that climbs out of its folder (`storage:../../x`, `attachments:../x`) is refused:
 * Zotero never writes one, and following it would read a file the user did not attach.
 */
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

export const LINK_MODE = { importedFile: 0, importedUrl: 1, linkedFile: 2, linkedUrl: 3, embeddedImage: 4 } as const;

export type PlacedFile = { file: string; problem: null } | { file: null; problem: string };

function inside(folder: string, file: string): boolean {
  const rel = relative(folder, file);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/** The absolute file of an attachment, or why it has none. Never touches the disk. */
export function placeAttachment(stored: string | null, linkMode: number, attachmentKey: string, dataDir: string, baseDir: string | null): PlacedFile {
  if (linkMode === LINK_MODE.linkedUrl) return { file: null, problem: 'a link to a web page, not a file' };
  if (!stored) return { file: null, problem: 'no file recorded' };
  if (stored.startsWith('storage:')) {
    const folder = join(dataDir, 'storage', attachmentKey);
    const file = resolve(folder, stored.slice('storage:'.length));
    return inside(folder, file) ? { file, problem: null } : { file: null, problem: `its path ${stored} leads outside storage/${attachmentKey}` };
  }
  if (stored.startsWith('attachments:')) {
    if (!baseDir) return { file: null, problem: `linked relative to the base directory (${stored}), which Zotero's preferences do not name here` };
    const file = resolve(baseDir, stored.slice('attachments:'.length));
    return inside(baseDir, file) ? { file, problem: null } : { file: null, problem: `its path ${stored} leads outside the base directory ${baseDir}` };
  }
  if (isAbsolute(stored) || /^[A-Za-z]:[\\/]/.test(stored)) return { file: resolve(stored), problem: null };
  return { file: null, problem: `its path ${stored} is neither in storage nor absolute` };
}
