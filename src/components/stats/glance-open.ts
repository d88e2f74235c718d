// Whether the month at a glance is open: closed by default, so the journals page loads its seven
// requests and no chart code; once a user opens it, it stays open on their next visits.
import { useState } from 'react';
import { STORAGE_KEYS } from '../../../contract/rules';

export function isGlanceOpen(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.glanceOpen) === 'true';
  } catch {
    return false;
  }
}

function rememberGlanceOpen(open: boolean): void {
  try {
    if (open) localStorage.setItem(STORAGE_KEYS.glanceOpen, 'true');
    else localStorage.removeItem(STORAGE_KEYS.glanceOpen);
  } catch {
    // Storage can be disabled: the section still opens, just not remembered.
  }
}

export function useGlanceOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(isGlanceOpen);
  const toggle = () => {
    rememberGlanceOpen(!open);
    setOpen(!open);
  };
  return [open, toggle];
}
