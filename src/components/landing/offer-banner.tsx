// The launch offer and how many places remain at its price (the landing page's pricing and /subscribe).
import type { LaunchOffer } from '../../../contract/entities';
import { LAUNCH_OFFER } from '../../../contract/rules';
import { landing } from '../../i18n/en/landing';
import { useTexts } from '../../i18n/store';

export function OfferBanner({ launchOffer }: { launchOffer: LaunchOffer | null }) {
  const t = useTexts('landing', landing);
  // Once the places are gone, the offer is no longer advertised.
  if (launchOffer && launchOffer.remaining <= 0) return null;
  return (
    <div className="mb-offer">
      <strong>{t.offer(LAUNCH_OFFER.percentOff, LAUNCH_OFFER.customers)}</strong>
      <p>{launchOffer ? t.placesLeft(launchOffer.remaining) : t.launchPriceAtCheckout}</p>
    </div>
  );
}
