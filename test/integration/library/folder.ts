/**
 * The setup most researchers have: a thesis folder (a LaTeX draft and the `references.bib` Better
 * BibTeX exports, its `file` fields pointing into Zotero's storage) and the Zotero data directory
 * in the home folder (`~/Zotero`, Zotero 10's schema in WAL mode, Better BibTeX's keys), written
 * by test/support/zoteroFixture.ts. Nothing of the library is inside the thesis folder.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { makePdf } from '../../support/pdfs';
import { writeZoteroLibrary } from '../../support/zoteroFixture';
import { LIBRARY } from './facts';

const FILLER = Array.from({ length: 16 }, (_, i) => `Table ${i + 1} lists the gauges of region ${i + 1}, their altitude and their years of record.`);

export interface LibraryWorkspace {
  thesis: string;
  home: string;
  zotero: string;
  /** The linked paper's PDFs: by absolute path, and under the base directory of Zotero's prefs. */
  linked: { absolute: string; relative: string };
}

export async function makeLibraryWorkspace(root: string): Promise<LibraryWorkspace> {
  const home = join(root, 'home');
  const zotero = join(home, 'Zotero');
  const thesis = join(root, 'thesis');
  await mkdir(thesis, { recursive: true });
  await mkdir(zotero, { recursive: true });
  const { kernelPaper, otherPaper, linkedPaper } = LIBRARY;
  // Linked files: one on a drive outside the home folder, one under the base directory Zotero's prefs name.
  const linked = { absolute: join(root, 'shared-drive', 'hopper-2019.pdf'), relative: join(home, 'Papers', 'hopper', 'supplement.pdf') };
  const profile = join(home, '.zotero', 'zotero', 'x1y2z3.default');
  await mkdir(profile, { recursive: true });
  await writeFile(join(profile, 'prefs.js'), `user_pref("extensions.zotero.baseAttachmentPath", ${JSON.stringify(join(home, 'Papers'))});\n`);
  // Each page full enough that the fact's chunk is of its page alone.
  const pages = (title: string, at: number, fact: string) =>
    Array.from({ length: at }, (_, i) => ({
      lines: [...(i === 0 ? [title, 'Grace Hopper'] : [`Section ${i + 1}`]), ...FILLER, ...(i === at - 1 ? [fact] : [])],
    }));
  for (const [file, at, fact, title] of [
    [linked.absolute, linkedPaper.absolute.page, linkedPaper.absolute.fact, 'Compilers for Field Hydrology'],
    [linked.relative, linkedPaper.relative.page, linkedPaper.relative.fact, 'Compilers for Field Hydrology: Supplement'],
  ] as const) {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, await makePdf(pages(title, at, fact)));
  }
  const { collections } = LIBRARY;
  await writeZoteroLibrary(zotero, {
    // The kernel paper is in Thesis / Chapter 2 only (Thesis holds it through its subcollection); the other paper is in Reading.
    collections: [
      { key: collections.thesis.key, name: collections.thesis.name },
      { key: collections.chapter.key, name: collections.chapter.name, parent: collections.thesis.key },
      { key: collections.reading.key, name: collections.reading.name },
    ],
    items: [
      {
        key: kernelPaper.key,
        title: 'Kernels for Rainfall Prediction',
        creators: [['Ada', 'Lovelace']],
        date: kernelPaper.year,
        publicationTitle: 'Journal of Hydrology',
        collections: [collections.chapter.key],
        tags: ['gaussian processes'],
        attachments: [
          {
            key: kernelPaper.pdf,
            file: 'Lovelace - 2012 - Kernels for Rainfall Prediction.pdf',
            pdf: [
              { lines: ['Kernels for Rainfall Prediction', 'Ada Lovelace', 'We compare covariance kernels for gauge data.'] },
              // Enough text before the fact that it lands in a chunk of its own page (chunks overlap across page breaks).
              { lines: ['Results', ...FILLER, LIBRARY.fact, 'The squared exponential kernel was too smooth for daily series.'] },
            ],
            annotations: [{ key: 'ANNOT001', type: 'highlight', text: LIBRARY.fact, comment: LIBRARY.comment, pageIndex: 1, pageLabel: '2' }],
          },
        ],
      },
      {
        key: otherPaper.key,
        title: 'Analytical Engines',
        creators: [['Charles', 'Babbage']],
        date: otherPaper.year,
        collections: [collections.reading.key],
        tags: ['history'],
        attachments: [{ key: otherPaper.pdf, file: 'engines.pdf', pdf: [{ lines: ['Analytical Engines', 'Charles Babbage', 'Gears and punched cards.'] }] }],
      },
      {
        key: linkedPaper.key,
        title: 'Compilers for Field Hydrology',
        creators: [['Grace', 'Hopper']],
        date: '2019',
        attachments: [
          { key: linkedPaper.absolute.key, linked: linked.absolute },
          { key: linkedPaper.relative.key, linked: linkedPaper.relative.stored },
        ],
      },
    ],
    betterBibtex: { [kernelPaper.key]: kernelPaper.citekey, [otherPaper.key]: otherPaper.citekey, [linkedPaper.key]: linkedPaper.citekey },
  });
  const storage = (attachment: string, file: string) => join(zotero, 'storage', attachment, file);
  await writeFile(
    join(thesis, 'references.bib'),
    [
      `@article{${kernelPaper.citekey},`,
      '  title = {Kernels for Rainfall Prediction},',
      '  author = {Lovelace, Ada},',
      `  year = {${kernelPaper.year}},`,
      `  file = {${storage(kernelPaper.pdf, 'Lovelace - 2012 - Kernels for Rainfall Prediction.pdf')}}`,
      '}',
      '',
      `@article{${otherPaper.citekey},`,
      '  title = {Analytical Engines},',
      '  author = {Babbage, Charles},',
      `  year = {${otherPaper.year}},`,
      `  file = {${storage(otherPaper.pdf, 'engines.pdf')}}`,
      '}',
      '',
    ].join('\n'),
  );
  await writeFile(
    join(thesis, 'thesis.tex'),
    [
      '\\documentclass{report}',
      '\\begin{document}',
      '\\chapter{Methods}',
      `We model daily rainfall with a Gaussian process \\cite{${kernelPaper.citekey}}.`,
      '\\bibliography{references}',
      '\\end{document}',
      '',
    ].join('\n'),
  );
  return { thesis, home, zotero, linked };
}
