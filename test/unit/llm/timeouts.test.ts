/**
 * The network limits are named once (src/core/llm/timeouts.ts); the VS Code settings and the CLI
 * flags are built from or checked against that table, so a limit's error always names a knob
 * that exists, with the default it documents.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIMIT_NAMES, LIMITS, resolveLimits } from '../../../src/core/llm/timeouts';
import { limitsFromFlags, timeoutOptions } from '../../../src/cli/options';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
const settings = manifest.contributes.configuration.properties as Record<string, { default: unknown }>;

describe('network limits: one table for errors, settings and flags', () => {
  it('every limit an error can name is a VS Code setting with the same default (a renamed setting would send users nowhere)', () => {
    for (const name of LIMIT_NAMES) {
      const setting = settings[`research.${LIMITS[name].setting}`];
      assert.ok(setting, `package.json lacks research.${LIMITS[name].setting}`);
      assert.equal(setting.default, LIMITS[name].defaultMs / 1000, name);
    }
  });

  it('every CLI flag an error can name is accepted, in seconds', () => {
    for (const name of LIMIT_NAMES) {
      const flag = LIMITS[name].flag;
      if (!flag) continue;
      assert.ok(flag.slice(2) in timeoutOptions, flag);
      assert.equal(limitsFromFlags({ [flag.slice(2)]: '2.5' })[name], 2500);
    }
  });

  it('flags and settings win over RESEARCH_*_TIMEOUT, which wins over the default; nonsense in the environment is ignored', () => {
    const env = { RESEARCH_FIRST_TOKEN_TIMEOUT: '7', RESEARCH_CONNECT_TIMEOUT: 'never' };
    const limits = resolveLimits({ betweenTokensMs: 1500 }, env);
    assert.equal(limits.betweenTokensMs, 1500);
    assert.equal(limits.firstTokenMs, 7000);
    assert.equal(limits.connectMs, LIMITS.connectMs.defaultMs);
  });
});
