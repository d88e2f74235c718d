// Unit test setup: DOM matchers and a clean localStorage per test.
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { configure } from '@testing-library/react';

// Screens load their modals and sections lazily: on a busy CI machine that takes longer than
// Testing Library's default second, and a slow machine is not a failure.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  localStorage.clear();
  // Mantine keeps its toasts in a module-level store: without this, a test's toasts (3 s) would
  // show again in the next test's app.
  notifications.clean();
});
