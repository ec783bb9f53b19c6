/**
 * The two-document folder the network tests ask about: one holds the answer (ssh.md, the
 * hello_timeout default), one does not (bash.md). Shared so every server's tests ask the same.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const TIMEOUT_QUESTION = 'What is the default hello_timeout?';
export const TIMEOUT_ANSWER = 'The default hello_timeout is 30 seconds, after which the connection is closed [1].';

/** Writes `<root>/docs` and returns its path. */
export async function writeTimeoutDocs(root: string): Promise<string> {
  const docs = join(root, 'docs');
  await mkdir(docs);
  await writeFile(
    join(docs, 'ssh.md'),
    '# SSH daemon\n\nhello_timeout: if the client fails to send the first message within this time the connection is closed. The default value is 30 seconds.\n',
  );
  await writeFile(join(docs, 'bash.md'), '# Bash\n\nSRANDOM: the random number generator cannot be seeded, so assignments to this variable have no effect.\n');
  return docs;
}
