import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { settleLazyLoads } from './lazy-loads';

describe('lazy components in unit tests', () => {
  it('are waited for once unmounted, so none finishes loading after jsdom is torn down', async () => {
    let loaded = false;
    const Late = lazy(
      () =>
        new Promise<{ default: () => string }>((resolve) => {
          setTimeout(() => {
            loaded = true;
            resolve({ default: () => 'late' });
          }, 50);
        }),
    );
    const view = render(
      <Suspense fallback="loading">
        <Late />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    view.unmount();
    expect(loaded).toBe(false);

    await settleLazyLoads();
    expect(loaded).toBe(true);
  });
});
