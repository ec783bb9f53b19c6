/**
 * Where a library's index lives: the user's cache folder, never inside the library (a Zotero data
 * directory must stay as Zotero wrote it; a shared papers folder is not ours to write in). One
 * index per library, shared by every workspace, window and CLI run of this user.
 *
 *   Linux   $XDG_CACHE_HOME/local-research-assistant/libraries/<name>-<hash>  (~/.cache when unset)
 *   macOS   ~/Library/Caches/local-research-assistant/libraries/<name>-<hash>
 *   Windows %LOCALAPPDATA%\local-research-assistant\libraries\<name>-<hash>
 *
 * `<hash>` is of the library's real path, so two libraries named `papers` never share an index and
 * a library reached through a link is the same library.
 */
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { appCacheDir } from '../index/cacheDir';

/** The library's real path (a link resolved; as given when it cannot be resolved, e.g. unmounted). */
export function libraryIdentity(root: string): string {
  const absolute = resolve(root);
  try {
    return realpathSync.native(absolute);
  } catch {
    return absolute;
  }
}

/** The index folder of the library at `root` in the user's cache folder. */
export function libraryIndexDir(root: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const identity = libraryIdentity(root);
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 12);
  const name =
    basename(identity)
      .replace(/[^\w.-]+/g, '_')
      .slice(0, 40) || 'library';
  return join(appCacheDir(env, platform), 'libraries', `${name}-${hash}`);
}
