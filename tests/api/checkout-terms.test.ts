// The built-in checkout page says what is due today and what follows, in the words of the app's plan cards.
import { checkoutPage } from '../../server/views/local-billing-pages.js';
import { en } from '../../src/i18n/en.js';

const page = (plan: 'subscription' | 'one_time', placesLeft: number) =>
  checkoutPage({
    username: 'reader',
    plan,
    placesLeft,
    token: 't',
    payAction: '/pay',
    cancelAction: '/cancel',
  });

describe('the checkout page', () => {
  it('says the launch discount is for the first month, then the full monthly price', () => {
    const html = page('subscription', 12);
    expect(html).toContain('<dt>Due today</dt><dd>0.45 USD</dd>');
    expect(html).toContain(en.site.afterMonthly(50, '0.90', 'USD'));
  });

  it('says Pay Once is one payment, with nothing after it', () => {
    expect(page('one_time', 12)).toContain(en.site.afterOnce(50));
    expect(page('one_time', 0)).toContain(en.site.afterOnce(0));
    expect(page('subscription', 0)).toContain(en.site.afterMonthly(0, '0.90', 'USD'));
  });

  it('names the app icon, so the browser does not ask for a missing /favicon.ico', () => {
    expect(page('one_time', 0)).toContain(
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
    );
  });
});
