/**
 * A table as pdf.js gives the Rcpp article's page 15 (Eddelbuettel & François 2011): its column
 * heads, its rows one per line, then its caption. Shared by the tests of the sentence rerank and of
 * extractive answers, which both must keep it a table.
 */
export const RCPP_TABLE_LINES = [
  'Implementation Time in millisec. Relative to R API',
  'R API (as benchmark) 218',
  'Rcpp sugar 145 0.67',
  'NumericVector::iterator 217 1.00',
  'NumericVector::operator[] 282 1.29',
  'Table 2: Run-time performance of the different convolution examples.',
];
