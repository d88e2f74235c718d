// The spec's 'Loading...' state, shown while the auth check or a screen's data is on its way.
// Plain markup on purpose: it ships with the entry bundle, which every page (the landing too) loads.
import { site } from '../i18n/en/site';
import { useTexts } from '../i18n/store';
import { Brand } from './brand';

/**
 * `framed`: with the app's header bar, as index.html's frame draws it before any code runs
 * (global.css, .mb-boot), so the session check keeps the frame on screen instead of blanking it.
 */
export function LoadingScreen({ framed = false }: { framed?: boolean }) {
  const t = useTexts('site', site);
  const status = (
    <div
      role="status"
      aria-live="polite"
      className={framed ? 'mb-boot-loading' : undefined}
      style={
        framed
          ? undefined
          : {
              minHeight: '50vh',
              display: 'grid',
              placeItems: 'center',
              padding: 'var(--mantine-spacing-xl)',
              color: 'var(--mantine-color-text)',
            }
      }
    >
      {t.loading}
    </div>
  );
  if (!framed) return status;
  return (
    <>
      <div className="mb-boot-header">
        <Brand to="/months" />
      </div>
      {status}
    </>
  );
}

/** The protected area's pending state: the frame and 'Loading...'. */
export function FramedLoadingScreen() {
  return <LoadingScreen framed />;
}
