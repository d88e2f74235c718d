// The month at a glance's words, numbers and dates in the active language.

import { STATS_TEXTS } from '../../i18n/en/stats';
import { formatNumber as formatInLocale, formatIsoDate } from '../../i18n/format';
import { useLocale, useTexts } from '../../i18n/store';

export function useStatsWords() {
  const locale = useLocale();
  return {
    t: useTexts('stats', STATS_TEXTS),
    formatNumber: (value: number) => formatInLocale(value, locale, { maximumFractionDigits: 2 }),
    formatPercent: (rate: number) =>
      formatInLocale(rate, locale, { style: 'percent', maximumFractionDigits: 0 }),
    /** `2025-03-01` → `Mar 1`, `1 de mar.` */
    formatShortDate: (isoDate: string) =>
      formatIsoDate(isoDate, locale, { month: 'short', day: 'numeric' }),
    /** `2025-03-01` → `Saturday, March 1`, `sábado, 1 de março` */
    formatLongDate: (isoDate: string) =>
      formatIsoDate(isoDate, locale, { weekday: 'long', month: 'long', day: 'numeric' }),
  };
}
