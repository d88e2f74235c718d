// Holds the clicks and shortcut keys made on a page the server rendered until the app has hydrated
// it, then hands them to the app to replay (src/server-html.ts). Loaded in the <head> of that page
// only (server/services/server-render.ts), so it listens before the page can be seen.
//
// Before the app's code has run, a checkbox clicked would tick on screen and never be saved; while
// React hydrates, it replays a click on a part not yet hydrated, but the checkbox has toggled
// natively first, so React's value tracker (set up as that part hydrates) sees no change and the
// tick is never saved either. So every click inside the page is stopped (its native effect too) and
// kept, and replayed once the page's content is React's. Keys that activate a control (Enter or
// Space on a button or checkbox) end in a click, kept that way; the search shortcut pressed outside
// a field ('/', Ctrl/⌘+K, src/components/search/search-button.tsx) is kept as itself. Every other
// key (Tab, scrolling, copy, find) is the browser's, as ever.
(() => {
  const held = [];
  const rendered = () => document.getElementById('root')?.hasAttribute('data-server-rendered');
  const inPage = (target) =>
    target instanceof Node && document.getElementById('root')?.contains(target);
  const typing = (target) =>
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
  const searchShortcut = (event) =>
    (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey) ||
    ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k');
  const hold = (event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(event);
  };
  const onClick = (event) => {
    if (rendered() && inPage(event.target)) hold(event);
  };
  const onKey = (event) => {
    if (rendered() && searchShortcut(event) && !typing(event.target)) hold(event);
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKey, true);
  /** Stops holding and returns what was held, oldest first. */
  window.__monthbookHeldInput = () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('keydown', onKey, true);
    return held.splice(0);
  };
})();
