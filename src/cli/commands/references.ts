/**
 * `references <folder>`: each indexed paper's reference list as read from its PDF (authors, year,
 * title, venue, DOI, the printed text and its page), where the paper cites each entry in its text,
 * and the library paper an entry is. `--json` prints the shape the issue tracker and scripts read:
 * `{"papers":[{"path","references":[{"index","authors":[{"family","given"}],"year","title","venue",
 * "doi","raw","page","library":{"path"}|null,"mentions":[{"page","text"}]}]}]}`. With `--library DIR`
 * (repeatable: a Zotero data directory or a folder of papers, each with its own index), an entry no
 * paper of the folder is may be a library's paper: `"library":{"path","source"}`, the path inside
 * that library and the library's label (core/session/acrossSources.ts).
 */
import type { CliCommand } from '../command';
import type { LinkedEntry } from '../../core/papers/references/graph';
import { dbOptions, jsonOptions, parseCommandArgs, resolveDbDir, resolveFolder, UsageError, withUsage } from '../options';
import { safeText } from '../terminalLinks';
import { entryLine, pagesText } from '../referenceText';
import { folderCitations } from '../paperCitations';
import { jsonLine } from '../jsonLine';
import { libraryFolder, libraryOptions } from '../libraries';

const usage = 'references <folder> [--db DIR] [--library DIR]... [--json]';

export const command: CliCommand = {
  usage,
  summary:
    "Lists each indexed paper's reference list (authors, year, title, venue, DOI, page), the pages that cite each entry, " +
    'and the paper of the library an entry is.',
  run: (args) => withUsage(usage, () => runReferences(args)),
};

async function runReferences(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { ...dbOptions, ...jsonOptions, library: libraryOptions.library });
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  const folder = await resolveFolder(positionals[0]);
  const libraries = await Promise.all((values.library ?? []).map((dir) => libraryFolder(dir)));
  const opened = await folderCitations({ path: folder, dbDir: resolveDbDir(folder, values.db), libraries }, values);
  if (!opened) return 1;
  const { graph, documents, complete, elsewhere } = opened;
  // An entry no paper of the folder is, linked to a library's paper.
  const library = (entry: LinkedEntry) => {
    if (entry.library) return { path: entry.library };
    const other = elsewhere(entry);
    return other ? { path: other.own, source: other.source.label } : null;
  };
  const entryJson = (entry: LinkedEntry) => ({
    ...entryFields(entry),
    library: library(entry),
    mentions: entry.mentions.map((m) => ({ page: m.page, text: m.text })),
  });
  const paths = documents
    .filter((d) => d.kind === 'pdf')
    .map((d) => d.path)
    .sort();
  if (values.json) {
    const papers = paths.map((path) => ({ path, references: (graph.papers.get(path) ?? []).map(entryJson) }));
    process.stdout.write(jsonLine({ papers }));
    return 0;
  }
  const out: string[] = [];
  let withList = 0;
  for (const path of paths) {
    const entries = graph.papers.get(path);
    if (!entries || entries.length === 0) {
      out.push(`${path}\n  (no reference list found)`);
      continue;
    }
    withList++;
    const linked = entries.filter((e) => library(e) !== null).length;
    const cited = entries.reduce((n, e) => n + e.mentions.length, 0);
    out.push(`${path}\n  ${entries.length} references, ${linked} in the library, ${cited} citations in the text`);
    for (const entry of entries) {
      out.push(`  ${entryLine(entry)}`);
      const linked = library(entry);
      if (linked) out.push(`      -> ${linked.path}${'source' in linked ? ` (in the library ${linked.source})` : linked.path === path ? ' (this paper)' : ''}`);
      if (entry.mentions.length > 0) out.push(`      cited on ${pagesText(entry.mentions)}`);
    }
  }
  out.push('', `${withList} of ${paths.length} PDFs have a reference list.`);
  if (!complete) out.push('Some PDFs have not had their reference list read yet: run `index` on the folder to read them.');
  process.stdout.write(out.join('\n').split('\n').map(safeText).join('\n') + '\n');
  return 0;
}

function entryFields(entry: LinkedEntry) {
  return {
    index: entry.index,
    authors: entry.authors.map((a) => ({ family: a.family, given: a.given })),
    year: entry.year,
    title: entry.title,
    venue: entry.venue,
    doi: entry.doi ?? null,
    raw: entry.raw,
    page: entry.page,
  };
}
