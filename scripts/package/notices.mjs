// ThirdPartyNotices.txt for the .vsix: the licence (and NOTICE) text of every npm package it
// carries, whether bundled into dist/ by esbuild (read from the production build's metafile) or
// shipped in node_modules. LanceDB's native binary links Rust crates whose licences LanceDB ships
// itself (RUST_THIRD_PARTY_LICENSES.html, kept in the package).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const LICENCE_FILE = /^(licen[cs]e|copying|notice|copyrightnotice)(\.(md|txt))?$/i;

/**
 * Packages esbuild bundled into the shipped outputs: `outputs` (paths relative to the repo root,
 * e.g. 'dist/engine.js', each required) and whatever it built under dist/webview/. Returns
 * { name, dir } with dir relative to the repo root.
 */
export function bundledPackages(root, outputs) {
  const meta = JSON.parse(readFileSync(join(root, 'dist/esbuild-meta.json'), 'utf8'));
  for (const out of outputs) if (!meta.outputs[out]) throw new Error(`${out} is not in dist/esbuild-meta.json (was dist/ built with --production?)`);
  const shipped = Object.keys(meta.outputs).filter((out) => outputs.includes(out) || out.startsWith('dist/webview/'));
  const found = new Map();
  for (const out of shipped) {
    for (const input of Object.keys(meta.outputs[out].inputs)) {
      const at = input.lastIndexOf('node_modules/');
      if (at < 0) continue;
      const parts = input.slice(at + 'node_modules/'.length).split('/');
      const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
      const dir = input.slice(0, at) + 'node_modules/' + name;
      found.set(dir, { name, dir });
    }
  }
  return [...found.values()];
}

function licenceOf(meta) {
  if (typeof meta.license === 'string') return meta.license;
  if (meta.license?.type) return meta.license.type;
  if (Array.isArray(meta.licenses)) return meta.licenses.map((l) => l.type ?? l).join(' OR ');
  return 'UNKNOWN';
}

/**
 * The notices text. `packages`: { name, dir } (dir absolute). Packages without a licence file get
 * their declared licence; one copy of the Apache-2.0 text (from pdf.js) covers those declaring it.
 */
export function noticesText({ packages, product, apacheText }) {
  const seen = new Set();
  const sections = [];
  let needsApache = false;
  for (const { dir } of [...packages].sort((a, b) => a.name.localeCompare(b.name))) {
    const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const id = `${meta.name}@${meta.version}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const licence = licenceOf(meta);
    if (licence === 'UNKNOWN') throw new Error(`${id} declares no licence: check it before shipping it`);
    const files = readdirSync(dir)
      .filter((f) => LICENCE_FILE.test(f))
      .sort();
    const texts = files.map((f) => `--- ${f}\n\n${readFileSync(join(dir, f), 'utf8').trim()}`);
    if (texts.length === 0) {
      if (/apache-2\.0/i.test(licence)) needsApache = true;
      texts.push(
        `(The package ships no licence file. Declared licence: ${licence}${/apache-2\.0/i.test(licence) ? '; its text is at the end of this file' : ''}.)`,
      );
    }
    sections.push(`${'='.repeat(78)}\n${id} (${licence})\n${'='.repeat(78)}\n\n${texts.join('\n\n')}\n`);
  }
  const header = `${product} bundles the following third-party software. Each is listed with its version,\ndeclared licence and the licence and notice files it ships.\nLanceDB's native binary also links Rust crates; their licences are in\nnode_modules/@lancedb/lancedb/RUST_THIRD_PARTY_LICENSES.html in this package.\n\n`;
  const apache = needsApache ? `${'='.repeat(78)}\nApache License 2.0 (full text)\n${'='.repeat(78)}\n\n${apacheText.trim()}\n` : '';
  return header + sections.join('\n') + (apache ? `\n${apache}` : '');
}

/** The packages to list: bundled ones, shipped node_modules, and pdf.js (unpdf bundles it; the viewer copies its assets). */
export function collectNoticePackages({ root, stage, runtimePackages, outputs }) {
  const packages = bundledPackages(root, outputs).map((p) => ({ name: p.name, dir: join(root, p.dir) }));
  for (const name of runtimePackages) packages.push({ name, dir: join(stage, 'node_modules', name) });
  const pdfjs = join(root, 'node_modules/pdfjs-dist');
  if (existsSync(pdfjs)) packages.push({ name: 'pdfjs-dist', dir: pdfjs });
  return packages;
}
