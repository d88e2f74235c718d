import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { OfflineBanner } from '../../../src/components/sync/offline-banner';
import { OFFLINE_TEXTS } from '../../../src/offline/texts';
// Its jsdom stubs (matchMedia) are what Mantine needs to render.
import '../routes/render-route';
import { restoreOnlineAfterEach, setBrowserOnline } from '../offline/offline-support';

restoreOnlineAfterEach();

function renderBanner() {
  return render(
    <MantineProvider env="test">
      <OfflineBanner />
    </MantineProvider>,
  );
}

describe('offline banner', () => {
  it('says nothing while online, but keeps its live region in place', () => {
    renderBanner();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('appears in the status region when the browser goes offline, and goes when it is back', () => {
    renderBanner();
    setBrowserOnline(false);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(OFFLINE_TEXTS.bannerTitle);
    expect(status).toHaveTextContent(OFFLINE_TEXTS.bannerBody);

    setBrowserOnline(true);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
