// After an in-app navigation, focus moves to the new page's heading and its title is announced (WCAG 2.4.3, 4.1.3).
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

/** About a second of frames: the new page's heading shows once its code and data are in. */
const MAX_FRAMES = 60;

/** The heading to focus: the target of a #fragment (a search hit), else the page's h1. */
function target(hash: string): HTMLElement | null {
  const fragment = hash ? document.getElementById(hash) : null;
  return (
    fragment ??
    document.querySelector<HTMLElement>('#main-content h1') ??
    document.querySelector<HTMLElement>('main h1, h1')
  );
}

/**
 * Without this, focus stays on the link just used (or falls to <body> when it goes away), and a
 * screen reader hears nothing about the new page. The first page load is left alone: the browser
 * announces it. Focus is moved without scrolling, so scroll restoration (Back) is kept.
 */
export function RouteAnnouncer() {
  const location = useRouterState({
    select: (state) =>
      state.resolvedLocation && `${state.resolvedLocation.pathname}#${state.resolvedLocation.hash}`,
  });
  const previous = useRef(location);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (location === undefined || previous.current === undefined) {
      previous.current = location;
      return;
    }
    if (location === previous.current) return;
    const pathChanged = location.split('#')[0] !== previous.current.split('#')[0];
    previous.current = location;
    if (!pathChanged) return;
    const hash = location.slice(location.indexOf('#') + 1);
    let frames = 0;
    let frame = requestAnimationFrame(function settle() {
      const heading = target(hash);
      if (!heading && ++frames < MAX_FRAMES) {
        frame = requestAnimationFrame(settle);
        return;
      }
      // A dialog opened meanwhile keeps its focus.
      if (heading && !document.activeElement?.closest('[role="dialog"]')) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      setMessage(document.title);
    });
    setMessage('');
    return () => cancelAnimationFrame(frame);
  }, [location]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="mb-visually-hidden">
      {message}
    </div>
  );
}
