// The launch offer, one read for the landing page and /subscribe. Its fetcher is the browser's own
// fetch (src/api/launch-offer.ts), so the landing page loads no HTTP client or token code for it.
import { queryOptions } from '@tanstack/react-query';
import { fetchLaunchOffer } from '../api/launch-offer';
import { billingKeys } from './keys';

export function launchOfferQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.launchOffer(),
    queryFn: ({ signal }) => fetchLaunchOffer(signal),
  });
}
