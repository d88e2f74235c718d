// The spec's 'Loading...' state, shown while the auth check or a screen's data is on its way.
// Plain markup on purpose: it ships with the entry bundle, which every page (the landing too) loads.
import { site } from '../i18n/en/site';
import { useTexts } from '../i18n/store';

export function LoadingScreen() {
  const t = useTexts('site', site);
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
      {t.loading}
    </div>
  );
}
