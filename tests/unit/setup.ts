// Unit test setup: DOM matchers and a clean localStorage per test.
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { configure } from '@testing-library/react';
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

// Screens load their modals and sections lazily: on a busy CI machine that takes longer than
// Testing Library's default second, and a slow machine is not a failure.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  localStorage.clear();
  // Mantine keeps its toasts in a module-level store: without this, a test's toasts (3 s) would
  // show again in the next test's app.
  notifications.clean();
});

// No lazy component's code may finish loading after jsdom is gone (tests/unit/lazy-loads.ts).
afterAll(settleLazyLoads);
