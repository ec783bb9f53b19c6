/**
 * The question sets and labelled drafts under test/eval are data the eval runners read blind
 * (`eval`, scripts/eval-manuscript.ts): a malformed line, a label pointing at the wrong draft line
 * or an unanswerable item with sources would be scored silently wrong. This checks their shape
 * without the corpora (CI has none): the runner's own parser reads every question set, and each
 * manuscript label points at a draft line that cites its key.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseQuestions } from '../../../src/core/eval/retrievalEval';

const evalDir = join(__dirname, '../../eval');
const jsonLines = (file: string): Record<string, unknown>[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`${file}:${i + 1} is not JSON`);
      }
    });
const isPage = (page: unknown): boolean => Number.isInteger(page) && (page as number) >= 1;
const isRelative = (file: unknown): boolean => typeof file === 'string' && file !== '' && !file.startsWith('/') && !file.split('/').includes('..');

const questionSets = readdirSync(evalDir).filter((name) => name.endsWith('.jsonl'));
const manuscriptSets = readdirSync(evalDir).filter((name) => existsSync(join(evalDir, name, 'labels.jsonl')));

describe('evaluation sets under test/eval', () => {
  it('finds the question sets and the labelled drafts', () => {
    assert.ok(questionSets.length >= 10, `question sets: ${questionSets.join(', ')}`);
    assert.ok(manuscriptSets.length >= 4, `manuscript sets: ${manuscriptSets.join(', ')}`);
  });

  for (const name of questionSets) {
    it(`${name}: every item parses, has a unique id, and its sources and evidence fit what it expects`, () => {
      const file = join(evalDir, name);
      const items = jsonLines(file);
      assert.equal(parseQuestions(readFileSync(file, 'utf8')).length, items.length, 'the runner reads every line');
      const ids = items.map((item) => item.id);
      assert.equal(new Set(ids).size, ids.length, `duplicate ids in ${name}`);
      for (const item of items) {
        const at = `${name} ${String(item.id)}`;
        assert.ok(typeof item.question === 'string' && item.question.trim() !== '', `${at}: question`);
        const sources = item.sources as { file: unknown; pages: number[]; lines?: unknown }[];
        assert.ok(Array.isArray(sources), `${at}: sources`);
        for (const source of sources) {
          assert.ok(isRelative(source.file), `${at}: source file ${String(source.file)} is relative to the corpus`);
          assert.ok(Array.isArray(source.pages) && source.pages.every(isPage), `${at}: pages are 1-based PDF pages`);
          assert.ok(source.pages.length > 0 || Array.isArray(source.lines), `${at}: a source names pages or lines`);
        }
        if (item.expected === 'not_in_corpus') {
          assert.equal(sources.length, 0, `${at}: an unanswerable item has no sources`);
          assert.ok(typeof item.near_miss === 'string' && item.near_miss !== '', `${at}: near_miss names the tempting passage`);
        }
        if (item.expected === 'answer') assert.ok(sources.length > 0, `${at}: an answerable item has sources`);
        for (const quote of [
          ...((item.evidence as Record<string, unknown>[] | undefined) ?? []),
          ...(item.cite ? [item.cite as Record<string, unknown>] : []),
        ]) {
          assert.ok(isRelative(quote.file) && (quote.page === undefined || isPage(quote.page)), `${at}: evidence file and page`);
          assert.ok(typeof quote.text === 'string' && quote.text.trim() !== '', `${at}: evidence text`);
        }
      }
    });
  }

  for (const name of manuscriptSets) {
    it(`${name}: every label points at a draft line that cites its key, with the pages its kind needs`, () => {
      const labels = jsonLines(join(evalDir, name, 'labels.jsonl'));
      const workspace = join(evalDir, name, 'workspace');
      const bibs = readdirSync(workspace)
        .filter((file) => file.endsWith('.bib'))
        .map((file) => readFileSync(join(workspace, file), 'utf8'))
        .join('\n');
      // One line per cited key: a sentence citing two keys has two lines under one id.
      const ids = labels.map((label) => `${String(label.id)} ${String(label.key)}`);
      assert.equal(new Set(ids).size, ids.length, `duplicate ids in ${name}`);
      for (const label of labels) {
        const at = `${name} ${String(label.id)}`;
        const draftPath = String(label.file);
        assert.ok(draftPath.startsWith(`${name}/`), `${at}: file ${draftPath} starts with the set's folder`);
        const draft = readFileSync(join(workspace, draftPath.slice(name.length + 1)), 'utf8').split('\n');
        const line = label.line as number;
        assert.ok(Number.isInteger(line) && line >= 1 && line <= draft.length, `${at}: line ${line} is in the draft`);
        // A sentence spans a few lines; its citation closes it.
        const key = String(label.key);
        assert.ok(
          draft
            .slice(line - 1, line + 4)
            .join('\n')
            .includes(key),
          `${at}: ${key} is cited in the sentence on line ${line}`,
        );
        assert.ok(['calibration', 'report', 'both'].includes(String(label.split)), `${at}: split`);
        const pages = (value: unknown): boolean => Array.isArray(value) && value.length > 0 && value.every(isPage);
        switch (label.label) {
          case 'supported':
          case 'wrong-page':
            assert.ok(pages(label.evidence_pages), `${at}: evidence_pages`);
            break;
          case 'wrong-paper':
            assert.ok(isRelative(label.right_path) && pages(label.right_pages), `${at}: right_path and right_pages`);
            break;
          case 'unsupported':
          case 'not-in-library':
            assert.equal(label.evidence_pages, null, `${at}: no evidence pages`);
            break;
          default:
            assert.fail(`${at}: unknown label ${String(label.label)}`);
        }
        if (label.label === 'wrong-page' && pages(label.cited_pages)) {
          const evidence = new Set(label.evidence_pages as number[]);
          assert.ok(!(label.cited_pages as number[]).some((page) => evidence.has(page)), `${at}: the cited page is not the evidence page`);
        }
        if (label.label !== 'not-in-library')
          assert.match(bibs, new RegExp(`@\\w+\\{${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`), `${at}: ${key} has a bib entry`);
      }
    });
  }
});
