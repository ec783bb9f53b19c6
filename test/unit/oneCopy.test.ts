/**
 * One file for each rule that was once kept twice and drifted: where Ollama runs, what an abort
 * is, how LanceDB is loaded, which line an offset is on, which words a rule skips, where the user's cache folder is. Copies of a few
 * lines are below the duplicate detector's threshold, so this reads src/ for them; each allowed
 * use outside the home file is named with its reason.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

const files = sourceFiles(join(root, 'src')).map((file) => ({
  path: relative(root, file).split('\\').join('/'),
  // Comments say what rules do; only code can copy one.
  code: readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, ''),
}));

const writing = (rule: RegExp) =>
  files
    .filter((file) => rule.test(file.code))
    .map((file) => file.path)
    .sort();

describe('one copy of each rule', () => {
  it('the Ollama host: only core/llm/host.ts reads OLLAMA_HOST', () => {
    assert.deepEqual(writing(/\.OLLAMA_HOST\b|\['OLLAMA_HOST'\]|function resolveOllamaHost/), ['src/core/llm/host.ts']);
  });

  it('an abort: only core/llm/errors.ts decides by the AbortError name', () => {
    assert.deepEqual(
      writing(/function isAbortError|['"]AbortError['"]|ABORT_ERR/),
      [
        // The rule of timeouts: a timed-out or aborted trace upload is "no answer in time".
        'src/core/tracing/langfuse.ts',
        'src/core/llm/errors.ts',
        // A thread's failure arrives as plain data ({ name, message }), not an Error.
        'src/core/index/pipeline/extract/pool.ts',
      ].sort(),
    );
  });

  it('the user’s cache folder: only core/index/cacheDir.ts reads XDG_CACHE_HOME and RESEARCH_CACHE_DIR', () => {
    assert.deepEqual(writing(/XDG_CACHE_HOME|RESEARCH_CACHE_DIR|LOCALAPPDATA/), ['src/core/index/cacheDir.ts']);
  });

  it('LanceDB: only core/index/store/lancedb.ts loads it (log level, Rust backtraces)', () => {
    assert.deepEqual(
      writing(
        /(?<!typeof )import\(\s*['"]@lancedb\/lancedb['"]\s*\)|require\(\s*['"]@lancedb\/lancedb['"]\s*\)|^import (?!type)[^;]*from ['"]@lancedb\/lancedb['"]/m,
      ),
      ['src/core/index/store/lancedb.ts'],
    );
  });

  it('lines: only core/text/lines.ts turns an offset into a line number', () => {
    assert.deepEqual(writing(/function lineCounter|function lineAt\b|lineStarts|charCodeAt\([^)]*\) === 10\)\s*line\+\+/), ['src/core/text/lines.ts']);
  });

  it('skipped words: every list is in core/text/stopWords.ts, named for its rule', () => {
    const wordList = /new Set\(\s*(?:\[\s*(?:'[a-z]+',\s*){0,3}'(?:the|a|an|of)'|\(?\s*'(?:[a-z]+ ){0,3}(?:the|a|an|of) )/;
    assert.deepEqual(writing(wordList), []);
    assert.deepEqual(writing(/= words\(\s*'/), ['src/core/text/stopWords.ts']);
  });
});
