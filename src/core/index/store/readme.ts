/** A short README written into every index folder: what it is, how it updates, its limits. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const INDEX_README = `# Local Research Assistant index

This folder is a LanceDB database made by Local Research Assistant. It can be deleted at any
time; \`index <folder> --rebuild\` recreates it from the documents.

- \`chunks.lance\`: one row per chunk of text (path, page or line range, heading, text, the
  document's content hash, the embedding model, and a vector when embeddings are on), with a
  full-text index on the text.
- \`documents.lance\`: one row per indexed document (size, modification time, sha256 of its
  bytes, pages, chunk count, extraction warnings).
- \`index-meta.json\`: schema version, embedding model and dimension, last completed run, and
  the size and sha256 of every data, manifest, deletion and index file of the tables (LanceDB's
  files carry no checksums of their own); opening the index compares the sizes, \`status
  --verify\` the hashes.

How a run updates it: files whose size and modification time match the record are skipped
without being read; otherwise the content hash decides (a touched but unchanged file is only
re-stamped). A changed document's chunks are replaced in one commit; removed files are deleted.
After a run the tables are compacted and the full-text index refreshed.

Known limits: a different embedding model re-embeds every document; vectors from two models
are never mixed. An interrupted run keeps every document it finished; the next run resumes.
\`--rebuild\` builds the new index in \`<this folder>.rebuild\` and swaps it in when complete.
`;

export async function writeIndexReadme(dir: string): Promise<void> {
  await writeFile(join(dir, 'README.md'), INDEX_README);
}
