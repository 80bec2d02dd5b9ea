/** The filter boxes of the cloud menu and the pickers: a case-insensitive part of the name. */
export function matchesFilter(text: string, term: string): boolean {
  return term === '' || text.toLocaleLowerCase().includes(term.toLocaleLowerCase());
}
