// The landing page's only API call, made with the browser's fetch: the landing never loads ky or the token code.
import type { LaunchOffer } from '../../contract/entities';
import { apiBaseUrl } from './base-url';

/** Anonymous read of the launch offer; rejects on any non-2xx answer. */
export async function fetchLaunchOffer(signal?: AbortSignal): Promise<LaunchOffer> {
  const base = apiBaseUrl().replace(/\/$/, '');
  const response = await fetch(`${base}/api/billing/launch-offer`, {
    headers: { accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`launch offer: HTTP ${response.status}`);
  return (await response.json()) as LaunchOffer;
}
