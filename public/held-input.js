// Holds the clicks and shortcut keys made on a page the server rendered until the app has hydrated
// it, then does them (src/server-html.ts says when). Loaded in the <head> of that page only
// (server/services/server-render.ts), so it listens before the page can be seen; not part of the
// app's bundle, which every page loads.
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
  /** Does again, now that the page's content is React's, what the user did while it was not. */
  const replay = (event) => {
    const target = event.target;
    if (!(target instanceof Element) || !target.isConnected) return;
    if (event instanceof KeyboardEvent) {
      const { key, code, ctrlKey, metaKey, altKey, shiftKey } = event;
      const init = {
        key,
        code,
        ctrlKey,
        metaKey,
        altKey,
        shiftKey,
        bubbles: true,
        cancelable: true,
      };
      target.dispatchEvent(new KeyboardEvent('keydown', init));
      return;
    }
    // click() does what a click does (ticks a checkbox, follows a link); an icon inside a button
    // is no HTMLElement and has none.
    const element = target instanceof HTMLElement ? target : target.closest('button, a, label');
    if (element instanceof HTMLElement) element.click();
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKey, true);
  /**
   * Stops holding. `replay`: the page is the app's now, so what was held is done, in order, after
   * the current task (the commit that called this); otherwise it was not the page the app shows,
   * and what was held goes with it.
   */
  window.__monthbookHeldInput = (replayHeld) => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('keydown', onKey, true);
    const events = held.splice(0);
    if (replayHeld && events.length > 0) queueMicrotask(() => events.forEach(replay));
  };
})();
