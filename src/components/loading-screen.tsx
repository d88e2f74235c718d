// The spec's 'Loading...' state, shown while the auth check or a screen's data is on its way.
// Plain markup on purpose: it ships with the entry bundle, which every page (the landing too) loads.
import { TEXTS } from '../texts';

export function LoadingScreen() {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        minHeight: '50vh',
        display: 'grid',
        placeItems: 'center',
        padding: 'var(--mantine-spacing-xl)',
        color: 'var(--mantine-color-text)',
      }}
    >
      {TEXTS.loading}
    </div>
  );
}
