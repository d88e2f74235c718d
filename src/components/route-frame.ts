// Whether an error or not-found page renders inside the app's frame (navbar, its <main>) or alone.
import { useMatch } from '@tanstack/react-router';

/**
 * True for a screen under the protected layout: its error or not-found page shows inside the
 * layout's <main>, so it must not add a second one (axe: landmark-no-duplicate-main), and its
 * links lead back into the app. The layout's own boundary (its check failed) renders alone.
 */
export function useInAppFrame(): boolean {
  const routeId = useMatch({ strict: false, select: (match) => String(match.routeId) });
  return routeId.startsWith('/_auth/');
}
