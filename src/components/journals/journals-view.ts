// Whether the journals page shows its entries as a list (the default) or as a calendar, remembered
// on this device.
import { useState } from 'react';

export type JournalsView = 'list' | 'calendar';
const KEY = 'journals-view';

export function storedJournalsView(): JournalsView {
  try {
    return localStorage.getItem(KEY) === 'calendar' ? 'calendar' : 'list';
  } catch {
    return 'list';
  }
}

export function useJournalsView(): [JournalsView, (view: JournalsView) => void] {
  const [view, setView] = useState<JournalsView>(storedJournalsView);
  const choose = (next: JournalsView) => {
    try {
      if (next === 'calendar') localStorage.setItem(KEY, next);
      else localStorage.removeItem(KEY);
    } catch {
      // Storage can be disabled: the view still changes, just not remembered.
    }
    setView(next);
  };
  return [view, choose];
}
