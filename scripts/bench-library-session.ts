/**
 * Questions asked in one long-lived session, as the editor asks them (`node --require tsx/cjs
 * scripts/bench-library-session.ts [DATA_DIR] [--rounds N] [--gap-ms MS]`): a workspace index
 * (/work/scratch/idx/papers-fts, its folder re-checked every 10 s as the editor's setting does)
 * alone, and the same with a Zotero library beside it (its index in $XDG_CACHE_HOME), each
 * question of every other dev question of /work/shared/eval/papers asked of both sessions in turn,
 * `--gap-ms` apart (the editor's questions are seconds apart, so the sources' short-lived lists
 * are read again). Prints per-question milliseconds of the search (full-text, k 10) for the first
 * round (the first question opens the library) and the later ones, p50 and p95.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { libraryAsSource, openSession, type Session, type Source } from '../src/core/session';
import { settingsFromFlags } from '../src/cli/researchSession';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '3' }, 'gap-ms': { type: 'string', default: '6000' } },
});
const dataDir = positionals[0] ?? '/tmp/benchlib/Zotero';
const rounds = Number(values.rounds);
const gapMs = Number(values['gap-ms']);
const workspace: Source = { kind: 'folder', label: 'papers', root: '/work/corpus/papers', dbDir: '/work/scratch/idx/papers-fts', refreshSeconds: 10 };
const questions = readFileSync('/work/shared/eval/papers/dev-questions.jsonl', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => (JSON.parse(line) as { question: string }).question)
  .filter((_, i) => i % 2 === 0);

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function timedSearch(session: Session, question: string): Promise<{ ms: number; hits: string }> {
  const { retriever } = await session.open();
  const started = performance.now();
  const hits = await retriever.search(question, { k: 10, mode: 'fts' });
  return { ms: performance.now() - started, hits: JSON.stringify(hits) };
}

async function main(): Promise<void> {
  console.log(`load before: ${load()}; ${questions.length} questions x ${rounds} rounds, ${gapMs} ms apart; library ${dataDir}`);
  const settings = settingsFromFlags({});
  const sessions = {
    'workspace alone': openSession({ settings, sources: [workspace] }),
    'workspace + library': openSession({ settings, sources: [workspace, libraryAsSource(dataDir)] }),
  };
  const times: Record<string, number[][]> = { 'workspace alone': [], 'workspace + library': [] };
  const firstHits = new Map<string, string>();
  let changed = 0;
  for (let round = 0; round < rounds; round++) {
    for (const name of Object.keys(times)) times[name]![round] = [];
    for (const question of questions) {
      for (const [name, session] of Object.entries(sessions)) {
        const { ms, hits } = await timedSearch(session, question);
        times[name]![round]!.push(ms);
        const key = `${name}\u0000${question}`;
        if (!firstHits.has(key)) firstHits.set(key, hits);
        else if (firstHits.get(key) !== hits) changed++;
      }
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
  }
  for (const [name, perRound] of Object.entries(times)) {
    const later = perRound.slice(1).flat();
    const first = perRound[0]!;
    console.log(
      `${name}: round 1 p50 ${quantile(first, 0.5).toFixed(0)} ms, max ${Math.max(...first).toFixed(0)} ms (first question ${first[0]!.toFixed(0)} ms); ` +
        `rounds 2-${rounds} p50 ${quantile(later, 0.5).toFixed(0)} ms, p95 ${quantile(later, 0.95).toFixed(0)} ms`,
    );
  }
  console.log(`hits that differed from the same question's first answer: ${changed}`);
  console.log(`load after: ${load()}; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  await Promise.all(Object.values(sessions).map((s) => s.close()));
}

void main();
