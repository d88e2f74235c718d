// Whether the browser is online, as one source for the app: react-query's onlineManager, started from navigator.onLine.
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';

// The manager follows the window's online/offline events but starts out assuming it is online;
// a page opened offline (from the service worker's cache) must know at once.
// (Node 21+ has a navigator too, without onLine: the prerenderer must not count as offline.)
if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean')
  onlineManager.setOnline(navigator.onLine);

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** True while online; re-renders when the browser goes offline or comes back. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Calls `onReconnect` each time the browser comes back online (not on first render). */
export function useOnReconnect(onReconnect: () => void): void {
  const online = useOnline();
  const wasOnline = useRef(online);
  const callback = useRef(onReconnect);
  callback.current = onReconnect;
  useEffect(() => {
    if (online && !wasOnline.current) callback.current();
    wasOnline.current = online;
  }, [online]);
}
