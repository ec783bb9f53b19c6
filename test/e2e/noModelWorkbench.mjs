// A workbench of its own for an e2e session that runs with no model: a code-server whose Ollama
// host is a closed port, a browser page on it, failed steps screenshotted, and everything (the
// browser, the server, the session's workspace) gone when the session ends, passed or not.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, startCodeServer } from '../../scripts/vscode-host/host.mjs';

/** Nothing listens on the discard port: connections are refused at once, so no model and full-text search alone. */
export const NO_OLLAMA = 'http://127.0.0.1:9';

/** Runs `session({ server, page, shot })` on a fresh no-model workbench; the workspace is deleted afterwards. */
export async function withNoModelWorkbench({ workspace, shots, setOnFailure, verbose }, session) {
  const server = await startCodeServer({
    userSettings: { 'research.ollama.host': NO_OLLAMA, 'workbench.colorTheme': 'Default Dark Modern', 'window.commandCenter': false },
    log: verbose ? (s) => process.stderr.write(s) : () => {},
  });
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    const shot = (name) => page.screenshot({ path: join(shots, `${name}.png`) });
    setOnFailure((n) => shot(`failed-step-${n}`));
    return await session({ server, page, shot });
  } finally {
    await browser.close();
    server.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
}
