// API tests for /api/habits/: the shared month-item suite.
import { monthItemSuite } from '../support/month-item-suite.js';

monthItemSuite({ path: '/api/habits' });
