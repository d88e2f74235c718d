// API tests for /api/measures/: the shared month-item suite (unit and target: measure-targets.test.ts).
import { monthItemSuite } from '../support/month-item-suite.js';

monthItemSuite({
  path: '/api/measures',
  extra: { unit: null, target: null, target_direction: null },
});
