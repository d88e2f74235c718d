// Unit test setup: DOM matchers and a clean localStorage per test.
import '@testing-library/jest-dom/vitest';

afterEach(() => {
  localStorage.clear();
});
