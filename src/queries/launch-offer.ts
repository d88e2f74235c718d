// The launch offer, one read for the landing page and /subscribe. Its fetcher is the browser's own
// fetch (src/api/launch-offer.ts), so the landing page loads no HTTP client or token code for it.
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LaunchOffer } from '../../contract/entities';
import { fetchLaunchOffer } from '../api/launch-offer';
import { billingKeys } from './keys';

export function launchOfferQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.launchOffer(),
    queryFn: ({ signal }) => fetchLaunchOffer(signal),
  });
}

/**
 * The landing page's offer, fetched into the query cache after first paint (so /subscribe has it
 * too) and read without useQuery: its observer code would add 3 KB of gzipped JavaScript to the
 * page people open first. Null until it arrives, and on failure: the static wording stays, since
 * the offer is a nicety, not a reason to show an error.
 */
export function useLaunchOffer(): LaunchOffer | null {
  const queryClient = useQueryClient();
  const [offer, setOffer] = useState<LaunchOffer | null>(
    () => queryClient.getQueryData(launchOfferQueryOptions().queryKey) ?? null,
  );
  useEffect(() => {
    let live = true;
    queryClient.fetchQuery(launchOfferQueryOptions()).then(
      (fetched) => {
        if (live) setOffer(fetched);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [queryClient]);
  return offer;
}
