/** `node --require tsx/cjs makeFolder.ts <dir>`: writes the library pass's folders (./folder.ts) and prints where they are, as JSON. */
import { makeLibraryWorkspace } from './folder';

makeLibraryWorkspace(process.argv[2]!).then(
  (made) => process.stdout.write(JSON.stringify(made)),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
