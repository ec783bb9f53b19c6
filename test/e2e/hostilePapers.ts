/**
 * PDFs whose Info Title and Author carry Markdown an attacker wrote (a link, a remote image, one of
 * our command links, raw HTML, theme icons), at the start of the title and after the label's cut,
 * for the end-to-end tier: asked about quokka burrows, the scripted model cites every one of them,
 * and the test reads the Sources list as the chat panel renders it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatReply, ChatRequestBody } from '../support/fakeOllama';
import { BEFORE_THE_CUT, HOSTILE_PAYLOADS } from '../support/hostileTitles';
import { writePdf } from '../support/pdfs';

export const QUOKKA_QUESTION = 'Where do quokkas dig their burrows?';

/** The payloads the chat must show as text: a link, an image, a planted command link, raw HTML, icons. */
const SHOWN = HOSTILE_PAYLOADS.slice(0, 5);

export interface HostilePaper {
  file: string;
  title: string;
  /** What the Sources label must read (its start), character for character. */
  readable: string;
}

/**
 * Each payload at the start of a title; the first three also after the cut (eight papers: what one
 * answer cites at most). The third (a planted command link, which the PDF rules do not take for a
 * title) is described by a bib entry instead, whose author carries a remote image.
 */
export const HOSTILE_PAPERS: HostilePaper[] = [
  ...SHOWN.map((payload, i) => ({ file: `quokka/start-${i + 1}.pdf`, title: payload, readable: payload.slice(0, 24) })),
  ...SHOWN.slice(0, 3).map((payload, i) => ({
    file: `quokka/after-cut-${i + 1}.pdf`,
    title: `${BEFORE_THE_CUT}${payload}`,
    readable: BEFORE_THE_CUT.slice(0, 40),
  })),
];
HOSTILE_PAPERS[2]!.readable = 'Marsupial & ![i](https://evil.example/i.png) (2020)';

/** The bib entry of the third paper: its second author's name is Markdown for a remote image. */
const HOSTILE_BIB = `@article{quokka2020,
  author = {Marsupial, Jane and {![i](https://evil.example/i.png)}},
  title = {${SHOWN[2]}},
  year = {2020},
  file = {start-3.pdf}
}
`;

/** Writes the hostile papers (and their bib) into `root`/quokka/; each says where quokkas dig, so the search finds them all. */
export async function placeHostilePapers(root: string): Promise<void> {
  await mkdir(join(root, 'quokka'), { recursive: true });
  for (const [i, paper] of HOSTILE_PAPERS.entries()) {
    await writePdf(join(root, paper.file), [`Quokkas dig their burrows under dense shrubs, says study ${i + 1} of quokka burrows.`], { title: paper.title });
  }
  await writeFile(join(root, 'quokka/quokka.bib'), HOSTILE_BIB);
}

/** The scripted model for QUOKKA_QUESTION: research it, every passage relevant, an answer citing them all. */
export function quokkaReply(body: ChatRequestBody): ChatReply | undefined {
  const users = body.messages.filter((m) => m.role === 'user').map((m) => m.content);
  const everything = body.messages.map((m) => m.content).join('\n');
  if (!users.some((u) => u.includes('quokkas dig')) && !/Latest question: Where do quokkas dig/.test(everything)) return undefined;
  const props = Object.keys(((body.format ?? {}) as { properties?: object }).properties ?? {});
  const numbers = [...everything.matchAll(/<document n="(\d+)"/g)].map((m) => Number(m[1]));
  if (body.stream) return { content: `Quokkas dig their burrows under dense shrubs ${numbers.map((n) => `[${n}]`).join('')}.`, tokenDelayMs: 5 };
  if (props.includes('decision'))
    return JSON.stringify({
      decision: 'research',
      reasoning: 'specific',
      missing_context: '',
      intent: 'factual',
      standalone_question: QUOKKA_QUESTION,
      sub_queries: ['quokkas dig burrows'],
      document_filters: [],
    });
  if (props.includes('verdict')) return JSON.stringify({ relevant: numbers, score: 0.9, verdict: 'proceed', queries: [], reason: 'ok' });
  if (props.includes('grounded')) return JSON.stringify({ grounded: true, relevant: true, score: 0.95, unsupported: [], feedback: '' });
  if (props.includes('standalone_question'))
    return JSON.stringify({ intent: 'factual', standalone_question: QUOKKA_QUESTION, sub_queries: ['quokkas dig burrows'], document_filters: [] });
  return undefined;
}
