// React's development build captures a stack (an Error) for every element it creates, for the owner
// stacks of its warnings. A screen of Mantine components makes thousands of elements per render, and
// capturing their stacks was a fifth of a screen test's time. Here elements are made with stack
// capture off; assertions and errors keep their stacks. This runs before any module imports React's
// JSX runtime: modules bind its functions when they first import it, so the wrapped ones are those
// they get (the dependencies Vitest loads natively as well as the app's own files).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function withoutStacks<F extends (...args: never[]) => unknown>(make: F): F {
  return ((...args: Parameters<F>) => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      return make(...args);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }) as F;
}

const runtime = require('react/jsx-runtime') as typeof import('react/jsx-runtime');
runtime.jsx = withoutStacks(runtime.jsx);
runtime.jsxs = withoutStacks(runtime.jsxs);
const devRuntime = require('react/jsx-dev-runtime') as typeof import('react/jsx-dev-runtime');
devRuntime.jsxDEV = withoutStacks(devRuntime.jsxDEV);
