/**
 * Reference lists, in-text citations and library links scored against the truth set of
 * test/eval/references (README there): per paper, then the development and held-out sets apart.
 *
 *   node --require tsx/cjs scripts/bench-references.ts CORPUS --db INDEX_DIR [--cli dist/cli.js] [--verbose]
 *   node --require tsx/cjs scripts/bench-references.ts --json OUTPUT.json [--verbose]
 *
 * Held-out papers (sets 1 and 2) are printed one by one only with --heldout-details (and never explained).
 * With --db it runs `references CORPUS --db INDEX_DIR --json` (the index must have been built
 * from CORPUS, e.g. `node dist/cli.js index CORPUS --db INDEX_DIR --embed none`) and times it.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  addCounts,
  alignEntries,
  emptyCounts,
  FIELDS,
  scorePaper,
  summary,
  truthFamilies,
  type Counts,
  type OutputPaper,
  type TruthPaper,
} from './references/score';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const verbose = args.includes('--verbose');
const truthDir = join(__dirname, '..', 'test', 'eval', 'references', 'truth');
const truths: TruthPaper[] = readdirSync(truthDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(truthDir, f), 'utf8')) as TruthPaper);

let output: { papers: OutputPaper[] };
const jsonFile = flag('--json');
if (jsonFile) {
  output = JSON.parse(readFileSync(jsonFile, 'utf8')) as { papers: OutputPaper[] };
} else {
  const corpus = args.find((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1]!.startsWith('--')));
  const db = flag('--db');
  if (!corpus || !db) {
    console.error('usage: bench-references.ts CORPUS --db INDEX_DIR [--cli dist/cli.js] | --json OUTPUT.json');
    process.exit(2);
  }
  const cli = flag('--cli') ?? join(__dirname, '..', 'dist', 'cli.js');
  const started = performance.now();
  const text = execFileSync(process.execPath, [cli, 'references', corpus, '--db', db, '--json'], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  console.log(`references --json: ${Math.round(performance.now() - started)} ms`);
  output = JSON.parse(text) as { papers: OutputPaper[] };
}
const byPath = new Map(output.papers.map((p) => [p.path, p]));

const pct = (x: number) => (x * 100).toFixed(1).padStart(5);
function line(label: string, counts: Counts): string {
  const s = summary(counts);
  const fields = FIELDS.map((f) => `${f} ${pct(s.fields[f].f1)}`).join('  ');
  const mentions =
    counts.mentionPapers > 0 ? `mentions F1 ${pct(s.mentions.f1)} (P ${pct(s.mentions.precision)} R ${pct(s.mentions.recall)})` : 'mentions    -';
  return `${label.padEnd(34)} entries ${String(counts.aligned).padStart(3)}/${String(counts.truthEntries).padStart(3)} R ${pct(s.entryRecall)} P ${pct(s.entryPrecision)} | fields F1 ${pct(s.fieldF1)} (${fields}) | ${mentions} | links P ${pct(s.links.precision)} R ${pct(s.links.recall)} (${counts.links.correct}/${counts.links.observed}/${counts.links.expected})`;
}

const totals: Record<TruthPaper['split'], Counts> = { dev: emptyCounts(), heldout: emptyCounts(), heldout2: emptyCounts() };
for (const truth of truths) {
  const out = byPath.get(truth.path);
  const counts = scorePaper(truth, out);
  totals[truth.split] = addCounts(totals[truth.split], counts);
  // Held-out papers are reported only in sum unless asked: their details are not for tuning.
  if (truth.split === 'dev' || args.includes('--heldout-details'))
    console.log(line(`${truth.split === 'dev' ? 'D' : 'H'} ${truth.path.split('/').pop()!.slice(0, 30)}`, counts));
  if (verbose && out && truth.split === 'dev') explain(truth, out);
}
console.log('');
console.log(line('development set', totals.dev!));
console.log(line('held-out set 1', totals.heldout));
console.log(line('held-out set 2', totals.heldout2));
console.log(line('all', addCounts(addCounts(totals.dev, totals.heldout), totals.heldout2)));

/** Each truth entry beside what was read for it, fields that disagree marked. */
function explain(truth: TruthPaper, out: OutputPaper): void {
  const aligned = alignEntries(truth.entries, out.references);
  truth.entries.forEach((t, ti) => {
    const o = aligned[ti]! >= 0 ? out.references[aligned[ti]!]! : undefined;
    if (!o) {
      console.log(`    MISSING ${truthFamilies(t).join(', ')} ${t.year}: ${t.title}`);
      return;
    }
    const got = `${o.authors.map((a) => a.family).join(', ')} | ${o.year} | ${o.title} | ${o.venue} | ${o.library?.path ?? '-'}`;
    const want = `${truthFamilies(t).join(', ')} | ${t.year} | ${t.title} | ${t.venue} | ${t.library ?? '-'}`;
    if (got !== want) console.log(`    got  ${got}\n    want ${want}`);
  });
  if (truth.mentions) {
    const truthOf = new Map(aligned.flatMap((o, ti) => (o >= 0 ? [[o, ti + 1] as const] : [])));
    const expected = truth.mentions.map((m) => `p${m.page} ${m.entry}`);
    const observed = out.references.flatMap((o, oi) => o.mentions.map((m) => ({ key: `p${m.page} ${truthOf.get(oi) ?? '?'}`, text: m.text })));
    const left = [...expected];
    for (const o of observed) {
      const i = left.indexOf(o.key);
      if (i >= 0) left.splice(i, 1);
      else console.log(`    EXTRA MENTION ${o.key} "${o.text}"`);
    }
    for (const k of left) {
      const t = truth.mentions.find((m) => `p${m.page} ${m.entry}` === k) as { text?: string } | undefined;
      console.log(`    MISSED MENTION ${k} "${t?.text ?? ''}"`);
    }
  }
  const used = new Set(aligned);
  out.references.forEach((o, oi) => {
    if (!used.has(oi)) console.log(`    EXTRA ${o.raw.slice(0, 120)}`);
  });
}
