/**
 * What `eval` scores against besides a plain corpus folder: a scale corpus, whose manifest maps
 * each question's sources to every copy of their pages (core/eval/scaleManifest.ts), and a part
 * of an index (`--within FOLDER`: only the documents under it are searched).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mapToScaleCorpus, parseScaleManifest, SCALE_MANIFEST_FILE, ScaleManifestError } from '../../core/eval/scaleManifest';
import type { EvalQuestion } from '../../core/eval/retrievalEval';
import type { Retriever, SearchOptions } from '../../core/index';
import { UsageError } from '../options';

/**
 * The questions as the folder holds their sources: mapped through `--manifest FILE`, or through
 * the folder's own SCALE-MANIFEST.tsv when it has one (said once on stderr); as written otherwise.
 */
export async function questionsForCorpus(
  questions: EvalQuestion[],
  folder: string,
  manifest: string | undefined,
  say: (line: string) => void,
): Promise<EvalQuestion[]> {
  const path = manifest ?? join(folder, SCALE_MANIFEST_FILE);
  let tsv: string;
  try {
    tsv = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (manifest) throw new UsageError(`--manifest ${manifest}: no such file`, { showUsage: false });
    return questions;
  }
  try {
    const ranges = parseScaleManifest(tsv);
    say(`sources mapped through ${path}: originals/, text/ and ${new Set(ranges.map((r) => r.volume)).size} volumes`);
    return mapToScaleCorpus(questions, ranges);
  } catch (error) {
    if (error instanceof ScaleManifestError) throw new UsageError(`${path}: ${error.message}`, { showUsage: false });
    throw error;
  }
}

/**
 * The retriever searching only documents under the given folders (paths relative to the index's
 * folder, `/`-separated); the retriever itself when none are given. No document under them is a
 * UsageError: scoring an empty subset would print zeros that look like a result.
 */
export async function retrieverWithin(retriever: Retriever, folders: string[] | undefined): Promise<Retriever> {
  if (!folders || folders.length === 0) return retriever;
  const paths = await documentsWithin(retriever, folders);
  return { ...retriever, search: (query: string, options?: SearchOptions) => retriever.search(query, { ...options, paths }) };
}

/** The indexed documents under the folders; a UsageError when there are none. */
export async function documentsWithin(retriever: Retriever, folders: string[]): Promise<string[]> {
  const prefixes = folders.map((folder) => `${folder.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '')}/`);
  const paths = (await retriever.listDocuments()).map((d) => d.path).filter((path) => prefixes.some((prefix) => path.startsWith(prefix)));
  if (paths.length === 0)
    throw new UsageError(`--within ${folders.join(', ')}: no indexed document under it (paths are relative to the folder)`, { showUsage: false });
  return paths;
}
