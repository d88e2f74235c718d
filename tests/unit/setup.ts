// Unit test setup: DOM matchers, and for files that render, a clean localStorage and toasts per test.
import '@testing-library/jest-dom/vitest';
import { settleLazyLoads } from './lazy-loads';

// React's lazy, with every load tracked until it settles (see tests/unit/lazy-loads.ts).
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  const { trackLoad } = await import('./lazy-loads');
  return {
    ...react,
    lazy: (factory: Parameters<typeof react.lazy>[0]) => react.lazy(trackLoad(factory)),
  };
});

// A file that renders nothing runs in Node (`// @vitest-environment node` at its top): it loads no
// DOM, and not Mantine, which takes about a second to import in each file.
if (typeof document !== 'undefined') {
  const [{ notifications }, { configure }] = await Promise.all([
    import('@mantine/notifications'),
    import('@testing-library/react'),
  ]);
  // Screens load their modals and sections lazily: on a busy CI machine that takes longer than
  // Testing Library's default second, and a slow machine is not a failure.
  configure({ asyncUtilTimeout: 10_000 });

  afterEach(() => {
    localStorage.clear();
    // Mantine keeps its toasts in a module-level store: without this, a test's toasts (3 s) would
    // show again in the next test's app.
    notifications.clean();
  });
}

// No lazy component's code may finish loading after jsdom is gone (tests/unit/lazy-loads.ts).
afterAll(settleLazyLoads);
