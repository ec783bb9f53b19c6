/** Three small manuals for the "not in your documents" tests: each fact in its own section (chunk). */
export const ABSENCE_DOCS: Record<string, string> = {
  'bash/bashref.md': [
    '# Bash variables',
    '',
    '## SRANDOM',
    '',
    'SRANDOM expands to a 32-bit pseudo-random number. The random number generator cannot be seeded, so assignments to this variable have no effect.',
    '',
    '## The shopt builtin',
    '',
    'shopt -s extglob enables extended pattern matching. shopt -s nullglob makes patterns that match no files expand to nothing.',
    '',
  ].join('\n'),
  'r/R-admin.md': [
    '# Memory and threads',
    '',
    'The environment variable R_MAX_VSIZE sets the maximum size of the vector heap. OMP_NUM_THREADS controls how many threads OpenMP code in R uses.',
    '',
  ].join('\n'),
  'gnuplot/gnuplot.md': [
    '# fit',
    '',
    'The fit command fits a user-defined function to a set of data points. The limit option changes the default epsilon limit (1e-5) used to detect convergence.',
    '',
  ].join('\n'),
};
