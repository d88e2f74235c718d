// A month's measures: their read (the app uses the first one), and creating, editing and deleting one, as queued writes.
import { queryOptions } from '@tanstack/react-query';
import type { DailyMeasure, Measure } from '../../contract/entities';
import type { CreateMeasure, UpdateMeasure } from '../../contract/measure-targets';
import { createMeasure, deleteMeasure, listMeasures, updateMeasure } from '../api/measures';

import { dropRows, patchRow } from './cache';
import { goneAnyway } from './deleted-elsewhere';
import { dailyMeasureKeys, measureKeys } from './keys';
import { openMonthRows } from './private-rows';
import {
  defineCreate,
  defineWrite,
  deleteSaved,
  editInMonth,
  inMonth,
  requireSaved,
  stepOfMonth,
} from './write-kinds';

export function measuresQueryOptions(monthId: number) {
  return queryOptions({
    queryKey: measureKeys.list(monthId),
    queryFn: async ({ client }) =>
      openMonthRows(client, monthId, 'measure', await listMeasures(monthId)),
  });
}

// --- Writes, found by their names (saved with queued writes on devices) ----------------------

export const measureCreate = defineCreate<CreateMeasure, Measure>({
  name: 'measure.create',
  subject: stepOfMonth,
  list: measureKeys.list,
  refersTo: (body) => [body.month_id],
  create: createMeasure,
  sealedAs: 'measure',
  update: updateMeasure,
  shown: (_queryClient, { tempId, body }) => ({ ...body, ...inMonth(tempId, body.month_id) }),
});

export interface MeasureUpdateWrite {
  monthId: number;
  measureId: number;
  changes: UpdateMeasure;
}

export const measureUpdate = defineWrite<MeasureUpdateWrite, null>({
  name: 'measure.update',
  subject: stepOfMonth,
  run: async ({ monthId, measureId, changes }, queryClient) => {
    requireSaved(measureId);
    // Gone elsewhere: nothing to rename; the month's page reads its measures again.
    await goneAnyway(async () => {
      await editInMonth(
        queryClient,
        { monthId, kind: 'measure', id: measureId },
        measureKeys.list(monthId),
        changes,
        (body) => updateMeasure(measureId, body),
      );
    });
    return null;
  },
  optimistic: (queryClient, { monthId, measureId, changes }) =>
    patchRow<Measure>(
      queryClient,
      measureKeys.list(monthId),
      measureId,
      changes as Partial<Measure>,
    ),
  landed: (queryClient, { monthId }) =>
    void queryClient.invalidateQueries({ queryKey: measureKeys.list(monthId), exact: true }),
});

export interface MeasureDeleteWrite {
  monthId: number;
  measureId: number;
}

export const measureDelete = defineWrite<MeasureDeleteWrite, number>({
  name: 'measure.delete',
  subject: stepOfMonth,
  run: ({ measureId }) => deleteSaved(measureId, deleteMeasure),
  // Its values on every entry go with it.
  optimistic: (queryClient, { monthId, measureId }) => {
    dropRows<{ id: number }>(queryClient, measureKeys.list(monthId), (m) => m.id === measureId);
    dropRows<DailyMeasure>(
      queryClient,
      dailyMeasureKeys.list(monthId),
      (d) => d.measure_id === measureId,
    );
  },
});
