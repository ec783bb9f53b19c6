/**
 * Every list of words that some rule skips, in one file, each named for the rule it serves and
 * with its reason. They differ on purpose: a list is fitted to what its rule compares (a question
 * to the index, a claim to a passage, a title to a key), so changing one changes one rule; a new
 * rule that needs words skipped picks a list here or adds one here (a test keeps them here).
 */
const words = (text: string): ReadonlySet<string> => new Set(text.split(' '));

/** Words a question is asked with, not about: left out of the full-text query (search/query.ts). */
export const QUESTION_FILLER_WORDS = words(
  'a an the and or but if then else of to in on at by for with from into onto as about than so ' +
    'what which who whom whose when where why how ' +
    'is are was were be been being am do does did done doing have has had having ' +
    'can could should would will shall may might must ' +
    'i me my we us our you your it its this that these those there here they them their he she his her ' +
    'please tell explain describe show give find get know want need let lets ' +
    'any some all each every other such own same just also very really ' +
    'according say says said mean means meant ' +
    'not no yes',
);

/**
 * The full-text index's own English stop-word list, applied after stemming: a count of 0 for
 * these says nothing about the documents (search/absence.ts). It must match the tokenizer
 * (ftsConfig.ts), not taste.
 */
export const INDEX_STOP_WORDS = words(
  'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself ' +
    'they them their theirs themselves what which who whom this that these those am is are was were be been being have has had ' +
    'having do does did doing a an the and but if or because as until while of at by for with about against between into through ' +
    'during before after above below to from up down in out on off over under again further then once here there when where why ' +
    'how all any both each few more most other others some such no nor not only own same so than too very s t can will just don ' +
    'should now d ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn',
);

/** Function words carry no evidence of which of a passage's sentences a claim comes from (citations/emphasis.ts). */
export const SENTENCE_FUNCTION_WORDS = words(
  'a an and any are as at be been but by can could do does for from had has have how i if in into is it its ' +
    'may might more most must no nor not of on or other our shall should so some such than that the their them ' +
    'then there these they this those to too very was we were what when where which while who whom why will with would ' +
    'you your also only each both all just about above after again against before below between during once over under up down out off ' +
    'here same own few further being having doing itself themselves one set used use using',
);

/**
 * Words a cited sentence shares with any passage, so they tell a right citation from a near miss
 * not at all (manuscript/check/claimTerms.ts). General English only: no list fitted to a manuscript.
 */
export const CLAIM_FUNCTION_WORDS = words(
  'a an the and or but if then else of to in on at by for with from into onto as about than so such ' +
    'what which who whom whose when where why how is are was were be been being am do does did done doing ' +
    'have has had having can could should would will shall may might must it its this that these those ' +
    'there here they them their he she his her we our you your i me my us not no nor only also very just ' +
    'both each every other some any all more most less few many much own same once too while whereas ' +
    'via per up down out over under again further between through during before after above below ' +
    'used use uses using usually often rather instead well even still already new one ones',
);

/** Words too common in titles to name one: a title is named by its rarer words (papers/mentions.ts). */
export const TITLE_COMMON_WORDS = words(
  'a an the of for in on with and or to by from using via its their r package packages introduction new approach paper vignette guide',
);

/** Words a title's cite key skips: Better BibTeX's function words, in English (manuscript/bib/keyPattern.ts). */
export const KEY_SKIPPED_WORDS = words(
  'a an the and or of for in on at to from by with without into onto via vs about as is are be using under over between through its their our your',
);

/** Words title case leaves lower-case inside a title (papers/pdf/patterns.ts). */
export const TITLE_CASE_SMALL_WORDS = words('a an the and or nor but of in on at to for by with from as via vs');

/** Words of a loose document name ("the R admin manual") that match any path (graph/filters.ts). */
export const DOCUMENT_NAME_NOISE = words('the a an of manual guide doc docs document pdf reference file in on for and');

/** Path words that say nothing about a document's content (search/docScope.ts). */
export const PATH_NOISE_WORDS = words('pdf md markdown txt doc docs en the and of manual index readme');

/** Function words between a number and what it counts: "24 such models", "five of the candidate models" (manuscript/check/claimTerms.ts). */
export const NUMBER_LEADING_WORDS = words('such more other further additional different distinct the of');

/** Words that join a value to what it is the value of: "a cost of 10", "alpha is 0.05" (manuscript/check/claimTerms.ts). */
export const NUMBER_JOINING_WORDS = words('of is was are were at equals equal to be by');

/** Verbs that set a parameter to a value when "to" or "at" follows them: "minPts defaults to 4", "gamma set to 0" (manuscript/check/claimTerms.ts). */
export const NUMBER_SETTING_VERBS = words('default defaults defaulted set sets fixed fix fixes initialised initialized');

/** Words that put a number beside another one, so the word before them labels the other number: "3.27 against 3.35" (manuscript/check/claimTerms.ts). */
export const NUMBER_BESIDE_WORDS = words('and or but against versus vs than while whereas');
