/**
 * `status <folder>`: what the index holds (documents, pages, chunks, embedding model, last run)
 * and what changed on disk since (new / modified / removed files, by size and mtime, no reading),
 * naming the files that could not be indexed and have not changed since (core/index/pipeline/pending.ts).
 * Opening the index compares its files' sizes with their checksums; `--verify` hashes them all.
 * Exit 0 when an index exists, 1 when there is none or it is damaged.
 */
import { jsonLine } from '../jsonLine';
import type { CliCommand } from '../command';
import {
  IndexCorruptError,
  IndexStoreError,
  changesSinceLastRun,
  checkDocumentHashes,
  describeMismatch,
  isObjectStoreUri,
  openIndexStore,
  verifyIndex,
  type DocumentCheck,
  type VerifyReport,
} from '../../core/index';
import { indexCommand, indexProblemLine } from '../indexProblem';
import { dbOptions, jsonOptions, parseCommandArgs, resolveDbDir, resolveFolder, UsageError, withUsage } from '../options';
import { safeText } from '../terminalLinks';

const usage = 'status <folder> [--db DIR] [--verify] [--follow-links-into DIR]... [--json]';

export const command: CliCommand = {
  usage,
  summary:
    'Shows what the index holds and what changed on disk since it was built, naming the files ' +
    'that could not be indexed; --verify checks every index file against its checksum.',
  run: (args) => withUsage(usage, () => runStatus(args)),
};

async function runStatus(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    ...dbOptions,
    ...jsonOptions,
    verify: { type: 'boolean', default: false },
    // The folders `index` was told links may lead into: their files are the index's, not "removed".
    'follow-links-into': { type: 'string', multiple: true },
  });
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  const folder = await resolveFolder(positionals[0]);
  const dbDir = resolveDbDir(folder, values.db);
  const shared = isObjectStoreUri(dbDir);
  let store;
  let verified: VerifyReport | null = null;
  let documentCheck: DocumentCheck | null = null;
  try {
    // Hashing first: a damaged index must be reported even when LanceDB could not open it.
    if (values.verify && !shared) verified = verifiedOrThrow(dbDir, await verifyIndex(dbDir));
    store = await openIndexStore(dbDir, { readOnly: true });
    if (verified) {
      // Then what queries read, files the record does not name included, and the documents
      // against the content hashes the index holds for them.
      try {
        await store.verifyReads();
        documentCheck = await checkDocumentHashes(folder, await store.documents());
      } catch (error) {
        store.close();
        throw error;
      }
      const [first, ...more] = documentCheck.differing;
      if (first) {
        store.close();
        throw new IndexCorruptError(
          dbDir,
          `${first}${more.length ? ` and ${more.length} more document(s)` : ''} has the size and time the index records but other content: the index was not made from these files`,
        );
      }
    }
  } catch (error) {
    if (!(error instanceof IndexStoreError)) throw error;
    const line = indexProblemLine(error, folder, values.db);
    if (values.json) process.stdout.write(jsonLine({ index: dbDir, error: error.code, message: line }));
    else process.stderr.write(`error: ${line}\n`);
    return 1;
  }
  try {
    const meta = store.meta();
    const documents = await store.documents();
    const chunks = await store.countChunks();
    // Files that failed last time and have not changed are not "new": they are named, with why.
    const { failing, ...pending } = await changesSinceLastRun(folder, dbDir, documents, {
      ocrDone: meta.ocr === true,
      followLinksInto: values['follow-links-into'] ?? meta.followLinksInto,
    });
    const pages = documents.reduce((sum, d) => sum + (d.pages ?? 0), 0);
    const checksums = Boolean(meta.checksums);
    const report = {
      index: dbDir,
      documents: documents.length,
      pages,
      chunks,
      embeddingModel: meta.embeddingModel,
      dimension: meta.dimension,
      lastIndexedAt: meta.lastIndexedAt,
      pending,
      failing,
      integrity: {
        checksums,
        ...(shared ? { objectStore: true } : {}),
        ...(verified
          ? { verified: { files: verified.checked, bytes: verified.bytes, unrecorded: verified.unrecorded.length, documents: documentCheck?.checked ?? 0 } }
          : {}),
      },
      warnings: documents.filter((d) => d.warnings.length > 0).map((d) => ({ path: d.path, warnings: d.warnings })),
      files: documents.map((d) => ({ path: d.path, kind: d.kind, pages: d.pages, chunks: d.chunks })),
    };
    if (values.json) {
      process.stdout.write(jsonLine(report));
      return 0;
    }
    const out = (line: string) => process.stdout.write(`${safeText(line)}\n`); // file names: controls print as '?'
    out(`index: ${dbDir}`);
    out(`  documents: ${documents.length}, pages: ${pages}, chunks: ${chunks}`);
    out(`  embeddings: ${meta.embeddingModel ? `${meta.embeddingModel} (${meta.dimension} dimensions)` : 'none (full-text only)'}`);
    out(`  last indexed: ${meta.lastIndexedAt ?? 'never completed'}`);
    const changes = pending.new + pending.modified + pending.removed;
    if (changes > 0) out(`  changed since: ${pending.new} new, ${pending.modified} modified, ${pending.removed} removed: run \`index ${folder}\``);
    else if (pending.ocrRereads === 0) out('  up to date');
    // An index from before OCR (or made with it off): the next run with OCR on reads these once.
    if (pending.ocrRereads > 0)
      out(
        `  OCR: ${pending.ocrRereads} PDF(s) with pages without text will be read again with OCR by the next \`index ${folder}\` (once; nothing else is re-read)`,
      );
    for (const f of failing) out(`  not indexed: ${f.path}: ${f.reason} [${f.code}]`);
    // Objects are written whole and never changed; LanceDB's manifests name every file of a version.
    if (shared) out("  integrity: on object storage, LanceDB's manifests (no local file checksums to record or verify)");
    else if (verified) {
      out(
        `  verified: ${verified.checked} index files (${(verified.bytes / 1e6).toFixed(1)} MB) match their checksums, every table answers a query, ${documentCheck?.checked ?? 0} document(s) match their content hashes`,
      );
      // A run stopped between a commit and its record: nothing vouches for these but the reads just done.
      if (verified.unrecorded.length > 0)
        out(
          `  note: ${verified.unrecorded.length} index file(s) written after the checksum record were read without error; the next \`${indexCommand(folder, values.db)}\` records them`,
        );
    }
    // Indexes made before checksums existed: they keep working; one run records them.
    else if (!checksums)
      out(
        `  checksums: not recorded yet (index made by an earlier version): run \`${indexCommand(folder, values.db)}\` once to record them, nothing is re-read or re-embedded`,
      );
    for (const w of report.warnings) out(`  warning: ${w.path}: ${w.warnings.join('; ')}`);
    return 0;
  } finally {
    store.close();
  }
}

/** The verification's report, or the damaged-index error naming the first file that does not match. */
function verifiedOrThrow(dbDir: string, { report }: { report: VerifyReport | null }): VerifyReport | null {
  const [first, ...more] = report?.mismatches ?? [];
  if (first) throw new IndexCorruptError(dbDir, `${describeMismatch(first)}${more.length ? ` and ${more.length} more file(s)` : ''}`);
  return report;
}
