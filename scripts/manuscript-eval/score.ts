/**
 * Scores of the citation check on a labelled manuscript set (scripts/eval-manuscript.ts): what the
 * issue's targets count, per split, and the false alarms by cause. Pure: labels and checks in,
 * lines out.
 */
import type { CitationCheck } from '../../src/core/manuscript/check/citationCheck';

export interface Label {
  id: string;
  split: 'calibration' | 'report' | 'both';
  file: string;
  line: number;
  key: string;
  label: 'supported' | 'wrong-page' | 'wrong-paper' | 'unsupported' | 'not-in-library';
  evidence_pages: number[] | null;
  right_path: string | null;
  right_pages: number[] | null;
  /** Held-out set: the locator as written and the PDF pages it names. */
  locator?: string | null;
  cited_pages?: number[] | null;
}

/** A label with the check the check gave it (undefined: the check did not report that key on that line) and whether the draft gave a locator. */
export interface Scored {
  label: Label;
  check: CitationCheck | undefined;
  hasLocator: boolean;
}

const near = (page: number | null | undefined, pages: readonly number[] | null | undefined) =>
  page != null && (pages ?? []).some((p) => Math.abs(p - page) <= 1);

/** A flag: any verdict but supported (a claim on another page of the cited paper is still the cited paper's). */
const flagged = (c: CitationCheck | undefined) => c !== undefined && c.verdict !== 'supported' && c.verdict !== 'other-page';

export function scoreLines(rows: readonly Scored[]): string[] {
  const count = (of: Scored[], ok: (s: Scored) => boolean) => `${of.filter(ok).length}/${of.length}`;
  const by = (label: Label['label']) => rows.filter((r) => r.label.label === label);
  const supported = by('supported');
  const located = [...supported.filter((r) => r.hasLocator), ...by('wrong-page')];
  const wrong = [...by('wrong-paper'), ...by('unsupported')];
  const lines = [
    `correct citations judged supported ${count(supported, (r) => r.check?.verdict === 'supported')}` +
      ` (with the evidence on a labelled page ±1 ${count(supported, (r) => r.check?.verdict === 'supported' && near(r.check.evidence?.page, r.label.evidence_pages))})`,
    `with a locator, evidence on the cited page ±1 or the other-page verdict where it is elsewhere ${count(located, (r) =>
      r.label.label === 'wrong-page'
        ? r.check?.verdict === 'other-page' && near(r.check.evidence?.page, r.label.evidence_pages)
        : r.check?.verdict === 'supported' && near(r.check.evidence?.page, r.label.evidence_pages),
    )}` +
      (by('wrong-page').length > 0
        ? ` (of them locators off by more than a page ${count(by('wrong-page'), (r) => r.check?.verdict === 'other-page' && near(r.check.evidence?.page, r.label.evidence_pages))})`
        : ''),
    `wrong-paper and unsupported flagged ${count(wrong, (r) => flagged(r.check))} (wrong paper ${count(by('wrong-paper'), (r) => flagged(r.check))}, unsupported ${count(by('unsupported'), (r) => flagged(r.check))})`,
    `wrong-paper naming the right paper ${count(by('wrong-paper'), (r) => flagged(r.check) && r.check!.suggested?.path === r.label.right_path)}` +
      ` (on its page ±1 ${count(by('wrong-paper'), (r) => flagged(r.check) && r.check!.suggested?.path === r.label.right_path && near(r.check!.suggested.page, r.label.right_pages))})` +
      `; unsupported naming a paper ${count(by('unsupported'), (r) => flagged(r.check) && r.check!.suggested !== null)}`,
    `not in library ${count(by('not-in-library'), (r) => r.check?.verdict === 'not-in-library')}`,
  ];
  const alarms = new Map<string, string[]>();
  for (const r of [...supported, ...by('wrong-page')]) {
    const cause = falseAlarmCause(r);
    if (cause) alarms.set(cause, [...(alarms.get(cause) ?? []), r.label.id]);
  }
  const total = supported.length + by('wrong-page').length;
  const alarmed = [...alarms.values()].reduce((n, ids) => n + ids.length, 0);
  lines.push(
    `false alarms on correct citations ${alarmed}/${total}` +
      (alarmed > 0 ? `: ${[...alarms].map(([cause, ids]) => `${cause} ${ids.length} (${ids.join(' ')})`).join('; ')}` : ''),
  );
  return lines;
}

/** Why a correct citation was not judged as it should be, or null when it was. */
function falseAlarmCause({ label, check }: Scored): string | null {
  if (!check) return 'not read from the draft';
  if (label.label === 'wrong-page') {
    if (check.verdict === 'other-page' && near(check.evidence?.page, label.evidence_pages)) return null;
    if (check.verdict === 'supported') return 'wrong locator not noticed';
  } else if (check.verdict === 'supported') {
    return near(check.evidence?.page, label.evidence_pages) ? null : 'supported on a page the label does not give';
  }
  if (check.verdict === 'other-page') return 'another page named where the cited one says it';
  return check.cause ?? check.reason;
}
