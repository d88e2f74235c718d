// API tests for /api/habits/: the shared month-item suite (schedules: habit-schedules.test.ts).
import { monthItemSuite } from '../support/month-item-suite.js';

monthItemSuite({ path: '/api/habits', extra: { schedule: { kind: 'daily' } } });
