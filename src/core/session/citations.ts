/**
 * The citations between a source's papers (the CLI's `references` and `papers --cites/--cited-by`):
 * each PDF's reference list as read at index time, its entries linked to the source's papers, the
 * papers each cites and is cited by, and the works several cite that the source lacks.
 */
import { openCitationGraph, type OpenedCitationGraph } from '../index';
import type { Source } from './sources';

export async function citationsOf(source: Source, exclude: string[] | undefined): Promise<OpenedCitationGraph> {
  return openCitationGraph(source.dbDir, source.root, {
    ...(exclude ? { exclude } : {}),
    ...(source.papersOf ? { papersOf: source.papersOf } : {}),
  });
}
