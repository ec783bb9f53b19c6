/**
 * The setup most researchers have: a thesis folder (a LaTeX draft and the `references.bib` Better
 * BibTeX exports, its `file` fields pointing into Zotero's storage) and the Zotero data directory
 * in the home folder (`~/Zotero`, Zotero 10's schema in WAL mode, Better BibTeX's keys), written
 * by test/support/zoteroFixture.ts. Nothing of the library is inside the thesis folder.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeZoteroLibrary } from '../../support/zoteroFixture';
import { LIBRARY } from './facts';

const FILLER = Array.from({ length: 16 }, (_, i) => `Table ${i + 1} lists the gauges of region ${i + 1}, their altitude and their years of record.`);

export interface LibraryWorkspace {
  thesis: string;
  home: string;
  zotero: string;
}

export async function makeLibraryWorkspace(root: string): Promise<LibraryWorkspace> {
  const home = join(root, 'home');
  const zotero = join(home, 'Zotero');
  const thesis = join(root, 'thesis');
  await mkdir(thesis, { recursive: true });
  await mkdir(zotero, { recursive: true });
  const { kernelPaper, otherPaper } = LIBRARY;
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
    ],
    betterBibtex: { [kernelPaper.key]: kernelPaper.citekey, [otherPaper.key]: otherPaper.citekey },
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
  return { thesis, home, zotero };
}
