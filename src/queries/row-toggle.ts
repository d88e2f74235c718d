// Ticking a checkbox row (a goal, a habit on one entry): shown in the click's own task, queued in click order, the last click wins.
import { defaultScheduler, notifyManager } from '@tanstack/react-query';

/**
 * Runs `update` with the cache's listeners told at once instead of on the next task (Query's
 * default): a controlled checkbox then shows its new state when the click's event ends, before
 * React would put back the old one. Nothing else in the app changes Query's scheduler.
 */
export function notifyingNow<T>(update: () => T): T {
  notifyManager.setScheduler((callback) => callback());
  try {
    return update();
  } finally {
    notifyManager.setScheduler(defaultScheduler);
  }
}
