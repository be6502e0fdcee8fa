/** The most words a search box takes; more are a paste, not a search. */
export const maxSearchWords = 8;

/** The words of a search box: each must be found, in any order, anywhere in what is searched. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').split(/\s+/).filter(Boolean).slice(0, maxSearchWords);
}

/** Whether the text holds every word of the search, whatever their order and case. */
export function matchesEveryWord(text: string, search: string): boolean {
  const lower = text.toLowerCase();
  return searchWords(search).every((word) => lower.includes(word.toLowerCase()));
}
