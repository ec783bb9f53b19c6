/**
 * Generates the documents the VS Code tiers index: two Markdown notes and a two-page PDF made by
 * test/support/pdfs.ts. Both talk about a "timeout", so a vague question has two readings.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeViewerFixtures } from './viewerFixtures';
import { MANUSCRIPT, makeManuscriptFixtures, placeManuscript } from './manuscriptFixtures';
import { writePdf } from '../support/pdfs';

export const WORKSPACE_FILES = {
  pdf: 'manuals/proxy-manual.pdf',
  database: 'notes/database-guide.md',
  readme: 'notes/README.md',
};

const FILLER = Array.from({ length: 16 }, (_, i) => `Section 2.${i + 1} lists the service layout, its log files and the user accounts it needs.`);

export async function makeWorkspace(root: string): Promise<void> {
  await makeViewerFixtures(root);
  await makeManuscriptFixtures(root);
  await writeTimeoutDocuments(root);
}

/** The manuscript's papers, note and drafts in place from the start (the e2e tier), and what they say. */
export { MANUSCRIPT, placeManuscript };

/** The PDF manual and the two notes, without the viewer's fixtures (a pass that only asks questions). */
export async function writeTimeoutDocuments(root: string): Promise<void> {
  await mkdir(join(root, 'manuals'), { recursive: true });
  await mkdir(join(root, 'notes'), { recursive: true });
  await writePdf(join(root, WORKSPACE_FILES.pdf), [
    { lines: ['Proxy Manual', 'Chapter 1. Installation', 'Install the proxy with the package manager and start the service.'] },
    // Enough text before the fact that it lands in a chunk of its own page (chunks overlap
    // across page breaks, and a chunk carrying the previous page's tail starts on that page).
    { lines: ['Chapter 2. Timeouts', ...FILLER, 'The proxy timeout defaults to 30 seconds.', 'Set proxy_timeout in proxy.conf to change it.'] },
  ]);
  await writeFile(
    join(root, WORKSPACE_FILES.database),
    [
      '# Database guide',
      '',
      '## Connections',
      '',
      'The database connection timeout defaults to 15 seconds.',
      'Change it with the connect_timeout option in db.ini.',
      '',
      '## Backups',
      '',
      'Nightly backups run at 02:00 and keep seven days of history.',
      '',
    ].join('\n'),
  );
  await writeFile(join(root, WORKSPACE_FILES.readme), '# Team notes\n\nThese notes describe our proxy and database setup.\n');
}

/** The multi-root workspace's two folders (named by the .code-workspace) and a document in each. */
export const MULTI_ROOT = {
  folders: ['alpha', 'beta'] as const,
  files: { alpha: 'README.md', beta: 'notes/ports.md' },
  /** A third folder, not in the .code-workspace: a test adds it while the window is open. */
  added: { folder: 'gamma', file: 'services/gamma.md' },
};

/**
 * A multi-root workspace: folders `alpha` and `beta`, each holding half of an answer (the port of
 * its service), and `multi.code-workspace` listing both; beside them `gamma`, not listed (a test
 * adds it at run time). Returns the workspace file.
 */
export async function makeMultiRootWorkspace(root: string): Promise<string> {
  await mkdir(join(root, 'alpha'), { recursive: true });
  await mkdir(join(root, 'beta', 'notes'), { recursive: true });
  await writeFile(join(root, 'alpha', MULTI_ROOT.files.alpha), '# Alpha service\n\nThe alpha service listens on port 8080.\n');
  await writeFile(join(root, 'beta', MULTI_ROOT.files.beta), '# Beta service\n\nSome intro line.\n\nThe beta service listens on port 9443.\n');
  const { folder, file: gamma } = MULTI_ROOT.added;
  await mkdir(join(root, folder, 'services'), { recursive: true });
  await writeFile(join(root, folder, gamma), '# Gamma service\n\nThe gamma service listens on port 7070.\n');
  const file = join(root, 'multi.code-workspace');
  await writeFile(file, JSON.stringify({ folders: MULTI_ROOT.folders.map((path) => ({ path })) }, null, 2));
  return file;
}
