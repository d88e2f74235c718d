// Browser-test setup: make sure Debian's Chromium is there (never downloads a browser build).
import { ensureChromium } from './support/chromium.js';

export default function setup(): void {
  ensureChromium();
}
