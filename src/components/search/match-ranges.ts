// Splits a highlight into the parts a search matched and the rest, folding as the server does.
import { foldForSearch } from '../../../contract/search-text';

export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * The server matches folded text ("Café" holds "cafe"), so the marks must be found in the folded
 * text and mapped back: each code point is folded alone, remembering where its folding starts.
 */
export function splitMatches(text: string, words: readonly string[]): TextPart[] {
  const chars = Array.from(text);
  let folded = '';
  /** folded index → index in `chars` of the character it came from */
  const origin: number[] = [];
  /** characters that fold to nothing (a combining accent): they go with the one before */
  const silent = new Set<number>();
  chars.forEach((char, index) => {
    const part = foldForSearch(char);
    if (part === '') silent.add(index);
    folded += part;
    for (let i = 0; i < part.length; i += 1) origin.push(index);
  });
  const marked = new Array<boolean>(chars.length).fill(false);
  for (const word of words) {
    if (word === '') continue;
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
      for (let i = at; i < at + word.length; i += 1) marked[origin[i] ?? 0] = true;
    }
  }
  const parts: TextPart[] = [];
  chars.forEach((char, index) => {
    if (silent.has(index) && index > 0) marked[index] = marked[index - 1] ?? false;
    const match = marked[index] ?? false;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += char;
    else parts.push({ text: char, match });
  });
  return parts;
}
