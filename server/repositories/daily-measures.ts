// Daily measures: the value of a measure of the month on a journal's day.
import type { DailyMeasure } from '../../contract/entities.js';
import type { CreateDailyMeasure, UpdateDailyMeasure } from '../../contract/requests.js';
import type { DailyKind, DailyRow } from './daily-items.js';

export const DAILY_MEASURES: DailyKind<DailyMeasure, CreateDailyMeasure, UpdateDailyMeasure> = {
  table: 'daily_measures',
  itemTable: 'measures',
  itemColumn: 'measure_id',
  valueColumns: ['metric'],
  /** The measure's author is the caller: every row here is scoped to one author. */
  toEntity: (row: DailyRow, author: number): DailyMeasure => ({
    id: row.id,
    metric: row.metric as number,
    measure: {
      id: row.item_id,
      name: row.item_name,
      author,
      month: row.item_month,
      month_id: row.item_month,
    },
    measure_id: row.item_id,
    journal: row.journal_id,
    journal_id: row.journal_id,
    version: row.version,
  }),
  createValues: (input) => ({ metric: input.metric }),
  /** Into the pair's row: the newest value wins. */
  mergeValues: (input) => ({ metric: input.metric }),
  updateValues: (changes) => (changes.metric === undefined ? {} : { metric: changes.metric }),
};
