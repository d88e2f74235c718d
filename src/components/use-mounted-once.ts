// Helpers for modals that load on first use.
import { useEffect, useState } from 'react';

/** Keeps a lazily loaded modal mounted once it has been opened, so its closing animation still plays. */
export function useMountedOnce(opened: boolean): boolean {
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  return mounted || opened;
}

/**
 * A lazily loaded modal mounts already open, and Mantine only records the element to return focus
 * to when `opened` changes. Reporting "closed" for the first render makes that change happen, so
 * focus goes back to the button that opened the modal.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [armed, setArmed] = useState(false);
  useEffect(() => setArmed(true), []);
  return armed && opened;
}
