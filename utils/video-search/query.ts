import { tokenize, toTerm } from '../search/terms';

/** The index terms of a query: what to mark in the service's quotes, by the same rules as the local search. */
export function queryTerms(query: string): string[] {
  return [...new Set(tokenize(query).flatMap((word) => toTerm(word) ?? []))];
}

/** A query as held results are keyed: case and spacing do not make another search. */
export function queryKey(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ');
}
