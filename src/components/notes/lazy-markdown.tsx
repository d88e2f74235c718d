// The Markdown renderer, loaded when a note is first shown (the journals page does not carry it up front).
import { lazy, Suspense } from 'react';

export const loadMarkdownNote = () => import('./markdown-note');
const MarkdownNote = lazy(loadMarkdownNote);

/** The note rendered; until the renderer has loaded, its text as written. */
export function LazyMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="mb-markdown mb-markdown-plain">{text}</div>}>
      <MarkdownNote text={text} />
    </Suspense>
  );
}
