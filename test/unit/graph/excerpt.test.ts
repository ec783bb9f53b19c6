import assert from 'node:assert/strict';
import { createResearchAssistant } from '../../../src/core/graph/runTurn';
import { excerpt } from '../../../src/core/graph/excerpt';
import { cutAtWord } from '../../../src/core/text/snippet';
import { memoryRetriever } from '../../support/memoryRetriever';
import { linesInsideFences } from '../../support/markdownFences';
import { RCPP_TABLE_LINES } from '../../support/pdfTables';

const CODE_CHUNK = [
  '## Creating a target',
  '',
  'Any object can dispatch events once it extends EventTarget. Create one like this:',
  '',
  '```js',
  'const target = new EventTarget();',
  "target.addEventListener('ping', () => console.log('pong'));",
  "target.dispatchEvent(new Event('ping'));",
  '```',
  '',
  'Listeners run synchronously, in the order they were added.',
].join('\n');

// Starts inside a fence whose opener is in the previous chunk, as overlapping chunks do.
const MID_FENCE_CHUNK = [
  '  const target = new EventTarget();',
  "  target.dispatchEvent(new Event('ready'));",
  '}',
  '```',
  '',
  'The ready event fires once the EventTarget has been set up, before any listener is removed.',
].join('\n');

/** Lines of the quote, markers stripped. */
const unquote = (md: string) => md.split('\n').map((l) => l.replace(/^>\s?/, ''));

describe('extractive excerpts keep code blocks and cut at boundaries', () => {
  it('keeps a fenced code block as a block with its language, lines intact', () => {
    const { markdown, endsWithCode } = excerpt(CODE_CHUNK, 'How do I create an EventTarget and dispatch an event?', 300);
    const lines = markdown.split('\n');
    assert.ok(lines.includes('```js'), markdown);
    assert.ok(lines.includes('const target = new EventTarget();'), markdown);
    assert.ok(lines.includes("target.dispatchEvent(new Event('ping'));"), markdown);
    assert.equal(linesInsideFences(markdown).openAtEnd, false);
    assert.match(markdown, /Create one like this:\n\n```js/, 'the sentence introducing the code stays with it');
    assert.equal(typeof endsWithCode, 'boolean');
  });

  it('a passage that starts inside a fence becomes a closed code block, not a fence that opens', () => {
    const { markdown } = excerpt(MID_FENCE_CHUNK, 'When does the ready event fire on the EventTarget?', 500);
    const lines = markdown.split('\n');
    assert.equal(lines[0], '```', markdown);
    assert.equal(lines[1], '  const target = new EventTarget();');
    const fences = linesInsideFences(markdown);
    assert.equal(fences.openAtEnd, false, markdown);
    const prose = lines.findIndex((l) => l.startsWith('The ready event fires'));
    assert.ok(prose > 0 && !fences.inside[prose], 'the prose after the closing fence is prose');
  });

  it('a passage that ends inside a fence closes it', () => {
    const { markdown, endsWithCode } = excerpt(
      'Create one like this:\n\n```ts\nconst target = new EventTarget();\ntarget.addEventListener("x", f);',
      'create EventTarget',
      500,
    );
    assert.equal(endsWithCode, true);
    assert.ok(markdown.split('\n').includes('```ts'), markdown);
    assert.equal(linesInsideFences(markdown).openAtEnd, false, markdown);
  });

  it('cuts long prose between sentences and never inside a word', () => {
    const filler = Array.from({ length: 12 }, (_, i) => `Sentence number ${i} talks about unrelated configuration matters at some length.`).join(' ');
    const text = `${filler} The hello_timeout default is thirty seconds after the first message. ${filler}`;
    const { markdown } = excerpt(text, 'What is the default hello_timeout?', 200);
    assert.match(markdown, /The hello_timeout default is thirty seconds after the first message\./);
    assert.ok(markdown.length <= 200, `${markdown.length} chars`);
    for (const piece of markdown.split(/(?<=\.)\s+/)) assert.ok(text.includes(piece), `not a whole sentence of the source: ${piece}`);
  });

  it('a single overlong sentence or code line is cut at a word boundary', () => {
    assert.equal(cutAtWord('const handler = new EventTarget() plus more words', 30), 'const handler = new…');
    const long = `The ${'very '.repeat(100)}long sentence about EventTarget.`;
    const { markdown } = excerpt(long, 'EventTarget', 120);
    assert.ok(markdown.endsWith('…'));
    const words = markdown.slice(0, -1).trim().split(/\s+/);
    assert.ok(
      words.every((w) => ['The', 'very'].includes(w)),
      markdown,
    );
  });

  it('a long code block is cut at a line, with an ellipsis line, and closed', () => {
    const code = ['```python', ...Array.from({ length: 60 }, (_, i) => `value_${i} = compute_timeout(${i})`), '```'].join('\n');
    const { markdown } = excerpt(code, 'compute_timeout', 400);
    const lines = markdown.split('\n');
    assert.equal(lines[0], '```python');
    assert.equal(lines.at(-1), '```');
    assert.equal(lines.at(-2), '…');
    for (const line of lines.slice(1, -2)) assert.match(line, /^value_\d+ = compute_timeout\(\d+\)$/);
    assert.ok(markdown.length <= 420, `${markdown.length} chars`);
  });
});

describe('extractive excerpts of PDF text: tables and the sentence that answers', () => {
  // As pdf.js gives the Rcpp article's page 15: a table's rows, its column heads, then its caption.
  const RCPP_PAGE = [
    '5The code is contained in the directory inst/examples/ConvolveBenchmarks in the Rcpp package.',
    ...RCPP_TABLE_LINES,
    'Rcpp is in very active development: Current work in the package (and in packages such as',
    'RcppArmadillo) focuses on further improving interoperability between R and C++. Two core',
    'themes for on-going development are ‘Rcpp sugar’ as well as ‘Rcpp modules’, both of which',
    'are also discussed in more detail in specific vignettes in the Rcpp package.',
  ].join('\n');

  it('keeps a table row per line, under its column heads, in a plain block; its caption stays prose', () => {
    const question = 'How fast was the Rcpp sugar version of the convolution example compared with the plain R API version?';
    const { markdown } = excerpt(RCPP_PAGE, question, 500);
    const lines = markdown.split('\n');
    const fences = linesInsideFences(markdown);
    for (const row of [
      'Implementation Time in millisec. Relative to R API',
      'R API (as benchmark) 218',
      'Rcpp sugar 145 0.67',
      'NumericVector::operator[] 282 1.29',
    ]) {
      const at = lines.indexOf(row);
      assert.ok(at >= 0 && fences.inside[at], `"${row}" is a line of the block:\n${markdown}`);
    }
    assert.equal(lines[lines.indexOf('Implementation Time in millisec. Relative to R API') - 1], '```', 'the block opens with the column heads');
    const caption = lines.findIndex((l) => l.startsWith('Table 2: Run-time performance'));
    assert.ok(caption >= 0 && !fences.inside[caption], markdown);
    assert.equal(fences.openAtEnd, false);
  });

  it('keeps a table printed in parts (rows under "Female", then under "Male") as one block', () => {
    const text = [
      'R> it_alz 7 Table 1: alzheimer data: Smoking and Alzheimer’s disease. No. of cigarettes daily',
      'None <10 10–20 >20',
      'Female',
      'Alzheimer 91 7 15 21',
      'Other dementias 55 7 16 9',
      'Other diagnoses 80 3 25 9',
      'Male',
      'Alzheimer 35 8 15 6',
      'Other dementias 24 1 17 35',
      'Other diagnoses 24 2 22 11',
    ].join('\n');
    const { markdown } = excerpt(text, 'How many female Alzheimer patients were non-smokers in the alzheimer data table?', 500);
    const lines = markdown.split('\n');
    assert.equal(lines.filter((l) => l === '```').length, 2, `one block:\n${markdown}`);
    const fences = linesInsideFences(markdown);
    for (const row of ['Female', 'Alzheimer 91 7 15 21', 'Male', 'Other diagnoses 24 2 22 11'])
      assert.ok(fences.inside[lines.indexOf(row)], `${row} inside:\n${markdown}`);
  });

  it('quotes the sentence with the question\'s content words, not the one with most of its "the" and "with"', () => {
    const text = [
      'The use of the data with the model and the fit of the data with the model was the topic of the earlier section with the others.',
      'Bootstrap covariances draw R = 250 samples by default.',
    ].join(' ');
    const { markdown } = excerpt(text, 'How many samples does the bootstrap draw by default with the model?', 80);
    assert.equal(markdown, 'Bootstrap covariances draw R = 250 samples by default.');
  });
});

describe('the extractive answer as the chat shows it', () => {
  it('quotes code as a block inside the quote, and the Sources list after it is not inside any fence', async () => {
    const docs = memoryRetriever([
      { path: 'notes/events.md', lines: [40, 52], text: MID_FENCE_CHUNK },
      { path: 'notes/target.md', lines: [1, 11], text: CODE_CHUNK },
    ]);
    const assistant = createResearchAssistant({ retriever: docs, llm: null, tracer: undefined });
    try {
      const r = await assistant.runTurn({ question: 'How do I create an EventTarget and dispatch an event?', history: [] });
      assert.equal(r.route, 'fallback');
      const shown = `${r.answer}\n\n**Sources**\n- [1] notes/events.md`;
      const fences = linesInsideFences(shown);
      const lines = shown.split('\n');
      assert.equal(fences.openAtEnd, false, shown);
      assert.equal(fences.inside[lines.indexOf('**Sources**')], false, shown);
      assert.ok(unquote(r.answer).includes('```js'), `the code block keeps its fence and language:\n${r.answer}`);
      assert.ok(unquote(r.answer).includes('const target = new EventTarget();'), r.answer);
      for (const n of [1, 2]) {
        const marker = lines.findIndex((l) => l.includes(`[${n}]`));
        assert.ok(marker >= 0 && !fences.inside[marker], `citation [${n}] is outside the code`);
      }
    } finally {
      await assistant.dispose();
    }
  });
});
