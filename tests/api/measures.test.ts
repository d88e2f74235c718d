// API tests for /api/measures/: the shared month-item suite.
import { monthItemSuite } from '../support/month-item-suite.js';

monthItemSuite({ path: '/api/measures' });
