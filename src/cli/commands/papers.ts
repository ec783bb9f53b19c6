/**
 * `papers <folder>`: every indexed document as the library knows it (title, authors, year, venue,
 * DOI, citekey) and where each field came from: the folder's bib files (`refs.bib:64`), the PDF's
 * metadata, or its first page. A wrong field is fixed by editing a bib entry, which takes effect at
 * once (no index run). Then what the bib files held that could not be used, each once with its
 * file and line, and the entries that describe no indexed document.
 */
import { jsonLine } from '../jsonLine';
import type { CliCommand } from '../command';
import { IndexStoreError, openPaperLibrary } from '../../core/index';
import { citationLabel, paperDescription } from '../../core/citations/citationLabel';
import { paperRefOf } from '../../core/papers/ref';
import { recordJson } from '../../core/papers/recordJson';
import type { Field, PaperRecord } from '../../core/papers/record';
import { indexProblemLine } from '../indexProblem';
import { dbOptions, jsonOptions, parseCommandArgs, resolveDbDir, resolveFolder, UsageError, withUsage } from '../options';
import { safeText } from '../terminalLinks';

const usage = 'papers <folder> [--db DIR] [--json]';

export const command: CliCommand = {
  usage,
  summary:
    'Lists every indexed document as the library knows it (title, authors, year, venue, DOI, ' +
    "citekey) and where each field came from (a bib file, the PDF's metadata, its first page).",
  run: (args) => withUsage(usage, () => runPapers(args)),
};

async function runPapers(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { ...dbOptions, ...jsonOptions });
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  const folder = await resolveFolder(positionals[0]);
  const dbDir = resolveDbDir(folder, values.db);
  let opened;
  try {
    // Bib problems are listed below, once each: the library's own warnings would say them twice.
    opened = await openPaperLibrary(dbDir, folder);
  } catch (error) {
    if (!(error instanceof IndexStoreError)) throw error;
    const line = indexProblemLine(error, folder, values.db);
    if (values.json) process.stdout.write(jsonLine({ index: dbDir, error: error.code, message: line }));
    else process.stderr.write(`error: ${line}\n`);
    return 1;
  }
  const { library, documents } = opened;
  const paths = documents.map((d) => d.path).sort();
  if (values.json) {
    const report = {
      papers: paths.map((path) => recordJson(path, library.records.get(path))),
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
  out.push("To fix a field, edit or add the paper's entry in a .bib file in the folder (with `file = {:path/to/paper.pdf:PDF}`): it takes effect at once.");
  // Titles and names come from the documents: each line made safe for the terminal.
  process.stdout.write(out.join('\n').split('\n').map(safeText).join('\n') + '\n');
  return 0;
}

/** "title bib (refs.bib:64) · authors page 1 · year citation note, page 1 (0.8)": where each known field came from. */
function sourcesLine(record: PaperRecord): string {
  const parts: string[] = [];
  for (const name of ['title', 'authors', 'year', 'venue', 'doi', 'arxiv', 'citekey'] as const) {
    const field = record[name] as Field<unknown> | undefined;
    if (!field) continue;
    const value =
      name === 'authors'
        ? (field.value as Array<{ family: string; given: string }>).map((a) => `${a.given} ${a.family}`.trim()).join(', ')
        : String(field.value);
    const how =
      field.source === 'bib'
        ? `bib ${field.from ?? ''}`.trim()
        : `${field.from ?? field.source}${field.confidence < 1 ? `, ${field.confidence.toFixed(2)}` : ''}`;
    parts.push(`${name}: ${value} [${how}]`);
  }
  return parts.join('\n  ');
}
