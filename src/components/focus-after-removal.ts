// Where keyboard focus goes when the item it was on is deleted: the next item, else the previous, else a heading.

/** About a second of frames: long enough for the list to re-render and a confirm dialog to close. */
const MAX_FRAMES = 60;

/** Makes `element` focusable by script (headings are not) and focuses it where it is. */
export function focusQuietly(element: HTMLElement | null): void {
  if (!element) return;
  if (!element.matches('a[href], button, input, select, textarea, [tabindex]'))
    element.setAttribute('tabindex', '-1');
  element.focus();
}

/**
 * Called when a delete succeeds: once `item` has left the page (and no dialog is open), focus
 * moves from wherever it fell (`<body>`) to the item after it, the one before it, or `fallback`.
 * `pick` finds the control to focus inside a sibling item. If the user has already put focus
 * somewhere else, it stays there.
 */
export function focusAfterRemoval(
  item: Element | null | undefined,
  pick: (sibling: Element) => HTMLElement | null,
  fallback: () => HTMLElement | null,
): void {
  if (!item) return;
  const next = item.nextElementSibling;
  const previous = item.previousElementSibling;
  let frames = 0;
  const settle = () => {
    const waiting = item.isConnected || document.querySelector('[role="dialog"]') !== null;
    if (waiting && ++frames < MAX_FRAMES) {
      requestAnimationFrame(settle);
      return;
    }
    const active = document.activeElement;
    const lost = active === null || active === document.body || !active.isConnected;
    if (!lost && !item.contains(active)) return;
    const sibling = [next, previous].find((candidate) => candidate?.isConnected);
    focusQuietly((sibling && pick(sibling)) ?? fallback());
  };
  requestAnimationFrame(settle);
}
