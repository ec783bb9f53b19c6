/**
 * `papers <folder>`: every indexed document as the library knows it (title, authors, year, venue,
 * DOI, citekey) and where each field came from: the folder's bib files (`refs.bib:64`), the PDF's
 * metadata, or its first page. A wrong field is fixed by editing a bib entry, which takes effect at
 * once (no index run). Then what the bib files held that could not be used, each once with its
 * file and line, and the entries that describe no indexed document.
 */
import { jsonLine } from '../jsonLine';
import type { CliCommand } from '../command';
import { citedByText, citesText, folderCitations, missingJson, missingText, paperNamed } from '../paperCitations';
import { citationLabel, paperDescription } from '../../core/citations/citationLabel';
import { paperRefOf } from '../../core/papers/ref';
import { recordJson } from '../../core/papers/recordJson';
import { dbOptions, jsonOptions, parseCommandArgs, UsageError, withUsage } from '../options';
import { resolveFolders, type CliFolder } from '../folders';
import { libraryOptions } from '../libraries';
import { listZotero } from '../zoteroPapers';
import { sourcesLine } from '../recordLines';
import { readLibraryRecord } from '../../core/library';
import { safeText } from '../terminalLinks';

const usage = `papers <folder> [--db DIR] [--library DIR]... [--json] [--cites <key|path> | --cited-by <key|path>]`;

export const command: CliCommand = {
  usage,
  summary:
    'Lists every indexed document as the library knows it (title, authors, year, venue, DOI, ' +
    "citekey) and where each field came from (a bib file, the PDF's metadata, its first page), and the works several papers " +
    'cite that the library lacks; --cites and --cited-by list the citations between the papers.',
  run: (args) => withUsage(usage, () => runPapers(args)),
};

async function runPapers(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    ...dbOptions,
    ...jsonOptions,
    library: libraryOptions.library,
    cites: { type: 'string' },
    'cited-by': { type: 'string' },
  });
  if (values.cites !== undefined && values['cited-by'] !== undefined) throw new UsageError('give --cites or --cited-by, not both');
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  const folders = await resolveFolders(positionals[0], [], values.db, undefined, values.library);
  let status = 0;
  for (const folder of folders) {
    if (folders.length > 1 && !values.json) process.stdout.write(`${safeText(folder.library ? `library ${folder.path}` : folder.path)}:\n`);
    status = Math.max(status, await listFolder(folder, values));
  }
  return status;
}

async function listFolder(cliFolder: CliFolder, values: { db?: string; json?: boolean; cites?: string; 'cited-by'?: string }): Promise<number> {
  const folder = cliFolder.path;
  const dbDir = cliFolder.dbDir;
  // Bib problems are listed below, once each: the library's own warnings would say them twice.
  const opened = await folderCitations({ path: folder, dbDir, ...(cliFolder.library?.papersOf ? { papersOf: cliFolder.library.papersOf } : {}) }, values);
  if (!opened) return 1;
  const { library, documents, graph } = opened;
  const paths = documents.map((d) => d.path).sort();
  const asked = values.cites ?? values['cited-by'];
  if (asked !== undefined) {
    const path = paperNamed(asked, folder, paths, library);
    const citing = values.cites !== undefined;
    if (values.json) {
      const links = citing
        ? graph.cites(path).map((e) => ({
            path: e.library,
            index: e.index,
            raw: e.raw,
            mentions: e.mentions.map((m) => ({ page: m.page, text: m.text, sentence: m.sentence })),
          }))
        : graph.citedBy(path).map(({ path: by, entry }) => ({
            path: by,
            index: entry.index,
            raw: entry.raw,
            mentions: entry.mentions.map((m) => ({ page: m.page, text: m.text, sentence: m.sentence })),
          }));
      process.stdout.write(jsonLine({ paper: path, [citing ? 'cites' : 'cited_by']: links }));
    } else {
      const out = citing ? citesText(graph, library, path) : citedByText(graph, library, path);
      process.stdout.write(out.join('\n').split('\n').map(safeText).join('\n') + '\n');
    }
    return 0;
  }
  const record = cliFolder.library?.kind === 'zotero' ? await readLibraryRecord(dbDir) : null;
  if (record) return listZotero(record, library, values.json === true);
  const missing = graph.citedOftenMissing();
  if (values.json) {
    const report = {
      papers: paths.map((path) => recordJson(path, library.records.get(path))),
      cited_often_missing: missingJson(missing),
      bib_problems: library.problems.map((p) => ({ file: p.bibFile, line: p.line, message: p.message })),
      unattached_entries: library.unattached.map((e) => ({ key: e.key, file: e.bibFile, line: e.line })),
    };
    process.stdout.write(jsonLine(report));
    return 0;
  }
  const out: string[] = [];
  let named = 0;
  for (const path of paths) {
    const record = library.records.get(path);
    const ref = paperRefOf(record);
    if (ref) named++;
    out.push(`${safeText(path)}${ref ? `\n  ${safeText(paperDescription(ref) ?? citationLabel({ file: path }))}` : '\n  (no record: cited by its path)'}`);
    if (record) out.push(`  ${sourcesLine(record)}`);
  }
  out.push('', `${named} of ${paths.length} documents have a record${library.entries.length ? `; ${library.entries.length} bib entries read` : ''}.`);
  if (library.unattached.length > 0) {
    out.push(
      `Bib entries that describe no indexed document (${library.unattached.length}): ${library.unattached.map((e) => `${e.key} (${e.bibFile}:${e.line})`).join(', ')}`,
    );
  }
  for (const problem of library.problems) out.push(`${problem.bibFile}:${problem.line}: ${problem.message}`);
  out.push(...missingText(missing));
  out.push("To fix a field, edit or add the paper's entry in a .bib file in the folder (with `file = {:path/to/paper.pdf:PDF}`): it takes effect at once.");
  // Titles and names come from the documents: each line made safe for the terminal.
  process.stdout.write(out.join('\n').split('\n').map(safeText).join('\n') + '\n');
  return 0;
}
