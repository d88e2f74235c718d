// Turns another app's entry text into Monthbook's highlight and note: the first line or sentence as the highlight, the whole text as the note, split where it is longer than a note holds.
import { HIGHLIGHT_MAX_LENGTH, NOTE_MAX_LENGTH } from '../../contract/rules.js';

/** Day One writes Markdown with punctuation escaped (`\.`, `\-`, `\(`): shown as typed. */
export function unescapeMarkdown(text: string): string {
  return text.replace(/\\([\\`*_{}[\]()#+\-.!>~|])/g, '$1');
}

/** Day One's photo references (`![](dayone-moment://ID)`); the photos themselves are left out. */
export function withoutPhotoLinks(text: string): string {
  return text.replace(/!\[[^\]]*\]\(dayone-moment:\/{1,2}[^)]*\)\s*/g, '');
}

/** Characters a highlight or note may not hold (the API refuses NUL). */
const clean = (text: string) => text.replaceAll('\u0000', '').replace(/\r\n?/g, '\n');

/** Cuts at a word boundary so the result, with its ellipsis, fits `max` characters. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/** The first line (without Markdown's heading and list marks), or its first sentence when long. */
export function highlightOf(text: string): string {
  const line =
    clean(text)
      .split('\n')
      .map((item) => item.replace(/^\s*(#{1,6}\s+|[-*+]\s+|>\s*)/, '').trim())
      .find((item) => item.length > 0) ?? '';
  if (line.length <= HIGHLIGHT_MAX_LENGTH) return line;
  const sentence = /^(.+?[.!?])(\s|$)/.exec(line)?.[1];
  return cut(
    sentence && sentence.length <= HIGHLIGHT_MAX_LENGTH ? sentence : line,
    HIGHLIGHT_MAX_LENGTH,
  );
}

/**
 * The note, in parts of at most a note's length, split between paragraphs (or lines, or words)
 * where it can be: nothing of a long text is lost, it becomes several entries of its day.
 */
export function noteParts(text: string): string[] {
  const rest = clean(text).trim();
  if (rest.length <= NOTE_MAX_LENGTH) return [rest];
  const parts: string[] = [];
  let remaining = rest;
  while (remaining.length > NOTE_MAX_LENGTH) {
    const window = remaining.slice(0, NOTE_MAX_LENGTH);
    const at = Math.max(
      window.lastIndexOf('\n\n'),
      window.lastIndexOf('\n'),
      window.lastIndexOf(' '),
    );
    const end = at > NOTE_MAX_LENGTH / 2 ? at : NOTE_MAX_LENGTH;
    parts.push(remaining.slice(0, end).trimEnd());
    remaining = remaining.slice(end).trimStart();
  }
  if (remaining.length > 0) parts.push(remaining);
  return parts;
}
