// Runs one plain-Node test tier with mocha: `node scripts/mocha-tier.mjs unit|faults [FILE|GLOB]... [mocha options]`
// (`npm run test:unit -- test/unit/x.test.ts`). Mocha adds the files named on its command line to
// a config's `spec` instead of replacing it, so the tiers' configs (.mocharc.json,
// test/faults/.mocharc.json: requires, timeout, the counting reporter) hold no spec: the tier's
// glob is added here, and only when no file is named.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const TIERS = {
  unit: { config: '.mocharc.json', spec: 'test/unit/**/*.test.ts' },
  faults: { config: 'test/faults/.mocharc.json', spec: 'test/faults/**/*.test.ts' },
};

const [tierName, ...args] = process.argv.slice(2);
const tier = TIERS[tierName];
if (!tier) {
  console.error(`usage: node scripts/mocha-tier.mjs ${Object.keys(TIERS).join('|')} [FILE|GLOB]... [mocha options]`);
  process.exit(2);
}

// Mocha's options that take a value (`--grep text`): that value names no file even when a path of that name exists.
const VALUE_OPTIONS = new Set([
  '--grep',
  '-g',
  '--fgrep',
  '-f',
  '--reporter',
  '-R',
  '--reporter-option',
  '-O',
  '--timeout',
  '-t',
  '--slow',
  '-s',
  '--require',
  '-r',
  '--ui',
  '-u',
  '--file',
  '--ignore',
  '--extension',
  '--jobs',
  '-j',
  '--retries',
]);
const namesFiles = args.some(
  (arg, i) => !arg.startsWith('-') && !VALUE_OPTIONS.has(args[i - 1]) && (arg.includes('*') || existsSync(join(root, arg)) || existsSync(arg)),
);
const mocha = createRequire(import.meta.url).resolve('mocha/bin/mocha.js');
const run = spawnSync(process.execPath, [mocha, '--config', tier.config, ...args, ...(namesFiles ? [] : [tier.spec])], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
