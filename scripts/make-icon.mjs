// Renders the extension's icon, media/icon.png (256x256), from the SVG below with the headless
// Chromium the VS Code tiers use. vsce refuses SVG icons, so the PNG is checked in; run this
// (`node scripts/make-icon.mjs`) only to change it. Same motif as media/research.svg, the chat
// participant's icon: a document and a magnifying glass.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, repoRoot } from './vscode-host/host.mjs';

const SIZE = 256;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 128 128">
  <rect x="4" y="4" width="120" height="120" rx="24" fill="#1e3a5f"/>
  <rect x="24" y="18" width="58" height="80" rx="6" fill="#f8fafc"/>
  <rect x="34" y="32" width="38" height="6" rx="3" fill="#3b82f6"/>
  <rect x="34" y="46" width="38" height="6" rx="3" fill="#94a3b8"/>
  <rect x="34" y="60" width="24" height="6" rx="3" fill="#94a3b8"/>
  <circle cx="80" cy="78" r="19" fill="#1e3a5f" fill-opacity="0.35" stroke="#f59e0b" stroke-width="8"/>
  <line x1="94" y1="92" x2="108" y2="106" stroke="#f59e0b" stroke-width="10" stroke-linecap="round"/>
</svg>`;

const browser = await launchBrowser();
try {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: SIZE, height: SIZE });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  const png = await page.locator('svg').screenshot({ omitBackground: true });
  writeFileSync(join(repoRoot, 'media/icon.png'), png);
  console.log(`media/icon.png: ${png.length} bytes`);
} finally {
  await browser.close();
}
