// A note's Markdown, rendered safely: no raw HTML (shown as text), unsafe links dropped, links open
// in a new tab without the opener. Loaded on demand.
import { memo } from 'react';
import Markdown, { type Components, defaultUrlTransform } from 'react-markdown';
import './notes.css';

/**
 * react-markdown builds React elements, never HTML strings: raw HTML in the note is escaped
 * (no rehype-raw here, on purpose), and defaultUrlTransform empties `javascript:`, `data:` and
 * other unsafe URLs. Images are not loaded (a note could otherwise make the reader's browser
 * fetch any address): their text stands in for them.
 */
const components: Components = {
  a: ({ node: _node, href, children, ...rest }) => (
    <a {...rest} href={href || undefined} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  img: ({ alt }) => <span>{alt ? `[${alt}]` : ''}</span>,
};

/**
 * Memoised on the text: parsing is the costliest part of a card, and every card re-renders when
 * an entry is saved or ticked (without this, a Save on a month of noted entries spent about
 * 40% of its render re-parsing unchanged notes).
 */
export default memo(function MarkdownNote({ text }: { text: string }) {
  return (
    <div className="mb-markdown">
      <Markdown components={components} urlTransform={defaultUrlTransform}>
        {text}
      </Markdown>
    </div>
  );
});
