/**
 * A folder whose symbolic links lead out of it (test/faults/oneBadFile.test.ts, discover tests):
 *
 *   docs/notes.md                       a document of its own
 *   docs/secret.txt -> /etc/passwd      a file outside, under a name the include globs match
 *   docs/etc -> /etc                    a system folder
 *   docs/up -> ../..                    the folders above (in /tmp: every other program's files)
 *   docs/loop -> .                      a loop
 *   docs/kernel -> /proc/self           never, even where outside folders are allowed
 *   docs/zotero -> <outside>/storage    a folder linked on purpose (allowed with followLinksInto)
 *   docs/report.txt -> papers/real.pdf  a link inside, named .txt, to a PDF
 *
 * `outside` holds `storage/paper.md`, and `leak.md` beside it (reached only through `up`).
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writePdf } from './pdfs';

export interface SymlinkTraps {
  root: string;
  /** The folder a link leads into on purpose. */
  storage: string;
}

/** Builds the traps under `base`: `base/a/b/docs` is the root, `base/outside` the folder outside it. */
export async function makeSymlinkTraps(base: string): Promise<SymlinkTraps> {
  const root = join(base, 'a', 'b', 'docs');
  const outside = join(base, 'outside');
  const storage = join(outside, 'storage');
  await mkdir(join(root, 'papers'), { recursive: true });
  await mkdir(storage, { recursive: true });
  await writeFile(join(root, 'notes.md'), '# Notes\n\nThe notes talk about heron nesting.\n');
  await writePdf(join(root, 'papers', 'real.pdf'), ['The real paper measures kestrel flight.']);
  await writeFile(join(storage, 'paper.md'), '# Linked paper\n\nThe linked paper studies osprey diving.\n');
  await writeFile(join(base, 'leak.md'), '# Leak\n\nThis file sits above the folder: quetzal plumage.\n');
  await symlink('/etc/passwd', join(root, 'secret.txt'));
  await symlink('/etc', join(root, 'etc'));
  await symlink('../..', join(root, 'up'));
  await symlink('.', join(root, 'loop'));
  await symlink('/proc/self', join(root, 'kernel'));
  await symlink(storage, join(root, 'zotero'));
  await symlink(join('papers', 'real.pdf'), join(root, 'report.txt'));
  return { root, storage };
}
