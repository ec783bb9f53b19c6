import { claimOf, prepared } from '../../src/core/manuscript/check/passageSupport';
import { invertedOn } from '../../src/core/manuscript/check/relations';

/** The page sentence the relation rules find turning the claim around, or null: the claim and the page as plain text. */
export const inverted = (sentence: string, page: string) => invertedOn(claimOf(sentence), prepared(page));
