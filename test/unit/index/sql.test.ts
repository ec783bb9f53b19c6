import assert from 'node:assert/strict';
import { sqlColumn, sqlEquals, sqlIn, sqlInBatches, sqlString } from '../../../src/core/index/sql';

describe('sql literal escaping', () => {
  it('doubles single quotes and wraps in quotes', () => {
    assert.equal(sqlString("it's"), "'it''s'");
    assert.equal(sqlString("''"), "''''''");
  });

  it('leaves backslashes and non-ASCII alone (DataFusion has no backslash escapes)', () => {
    assert.equal(sqlString('a\\b'), "'a\\b'");
    assert.equal(sqlString('Über/naïve 日本.pdf'), "'Über/naïve 日本.pdf'");
  });

  it('refuses NUL characters', () => {
    assert.throws(() => sqlString('a\0b'), RangeError);
  });

  it('builds equality and IN filters with escaped values', () => {
    assert.equal(sqlEquals('path', "O'Brien.pdf"), "path = 'O''Brien.pdf'");
    assert.equal(sqlIn('path', ['a.md', "b'.md"]), "path IN ('a.md', 'b''.md')");
  });

  it('turns an empty IN list into a filter that matches nothing', () => {
    assert.equal(sqlIn('path', []), 'false');
  });

  it('splits long lists into batches', () => {
    const values = Array.from({ length: 1001 }, (_, i) => `f${i}`);
    const batches = sqlInBatches('path', values, 500);
    assert.equal(batches.length, 3);
    assert.ok(batches[2]!.endsWith("('f1000')"));
  });

  it('rejects column names that are not plain identifiers', () => {
    assert.throws(() => sqlColumn('path; drop'), RangeError);
    assert.equal(sqlColumn('page_start'), 'page_start');
  });
});
