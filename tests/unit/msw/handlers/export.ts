// MSW handlers for the export (JSON, CSV) and the import, over the in-memory db.
import { HttpResponse, http } from 'msw';
import type { Month } from '../../../../contract/entities';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportFile,
  type ImportReport,
  type ImportUndo,
} from '../../../../contract/export';
import { monthsAlreadyPresent } from '../../../../contract/export-format';
import { describeProblem, validateExport } from '../../../../contract/export-validation';
import { makeMonth } from '../../../fixtures/factories';
import { db } from '../db';
import { notFound } from '../responses';
import { apiUrl } from '../url';
import { binItem } from './trash';

/** What each import made, by its id: what its undo moves into the bin. */
const madeBy = new Map<number, { months: Month[]; report: ImportReport }>();
let lastImportId = 0;

/** The report of a real import that made `months`, with its id, remembered for the undo. */
function remembered(report: ImportReport, months: Month[]): ImportReport {
  if (report.dry_run || months.length === 0) return report;
  lastImportId += 1;
  const withId = { ...report, import_id: lastImportId };
  madeBy.set(lastImportId, { months, report: withId });
  return withId;
}

/** Months with their items; enough of the format for the browser, which only saves the bytes. */
function exportOfDb(): ExportFile {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: new Date().toISOString(),
    // Private months are left out, as the server leaves them: it cannot read them.
    months: db.months
      .filter((month) => !month.month_key)
      .map((month) => ({
        name: month.name,
        habits: db.habits
          .filter((habit) => habit.month_id === month.id)
          .map((habit) => ({ id: habit.id, name: habit.name })),
        measures: db.measures
          .filter((measure) => measure.month_id === month.id)
          .map((measure) => ({ id: measure.id, name: measure.name })),
        goals: db.goals
          .filter((goal) => goal.month_id === month.id)
          .map((goal) => ({ name: goal.name, is_completed: goal.is_completed })),
        journals: [],
        ...(month.period ? { period: month.period } : {}),
      })),
  };
}

export const exportHandlers = [
  http.get(apiUrl('api/export/'), () => HttpResponse.json(exportOfDb())),
  http.get(apiUrl('api/months/:id/export.csv'), ({ params }) => {
    const month = db.months.find((m) => m.id === Number(params.id));
    if (!month) return notFound();
    const rows = db.journals
      .filter((journal) => journal.month_id === month.id)
      .map((journal) => `${journal.created_at},${journal.highlight}`);
    return new HttpResponse(['date,highlight', ...rows, ''].join('\r\n'), {
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
  }),
  http.post(apiUrl('api/import/'), async ({ request }) => {
    // Another app's file: the server reads it; here, a Daylio-like report with one unknown mood.
    if (!request.headers.get('content-type')?.startsWith('application/json')) {
      const params = new URL(request.url).searchParams;
      const dryRun = params.get('dry_run') === 'true';
      const placed = Object.keys(JSON.parse(params.get('moods') ?? '{}'));
      const created = dryRun ? [] : [makeMonth({ name: 'February 2025', period: '2025-02' })];
      db.months.push(...created);
      const report: ImportReport = {
        imported: {
          months: 1,
          habits: 2,
          measures: 0,
          goals: 0,
          journals: 3,
          daily_habits: 3,
          daily_measures: 0,
        },
        months: created,
        skipped_months: [],
        source: 'daylio',
        merged_months: [],
        already_imported: 0,
        notes: placed.includes('super duper')
          ? []
          : [{ code: 'unknown_moods', count: 1, names: ['super duper'] }],
        dry_run: dryRun,
      };
      return HttpResponse.json(remembered(report, created), { status: dryRun ? 200 : 201 });
    }
    const file: unknown = await request.json();
    const problem = validateExport(file);
    if (problem) {
      return HttpResponse.json(
        { detail: describeProblem(problem), code: 'invalid_import', path: problem.path },
        { status: 400 },
      );
    }
    const whole = (file as ExportFile).months;
    // `?months=new`: the months the account has (the server's rule, from contract/) are left out.
    const present =
      new URL(request.url).searchParams.get('months') === 'new'
        ? new Set(monthsAlreadyPresent(whole, db.months))
        : new Set<number>();
    const months = whole.filter((_, index) => !present.has(index));
    const created = months.map((month) =>
      makeMonth({ name: month.name, ...(month.period ? { period: month.period } : {}) }),
    );
    db.months.push(...created);
    const total = (pick: (month: ExportFile['months'][number]) => unknown[]) =>
      months.reduce((sum, month) => sum + pick(month).length, 0);
    const report: ImportReport = {
      imported: {
        months: months.length,
        habits: total((month) => month.habits),
        measures: total((month) => month.measures),
        goals: total((month) => month.goals),
        journals: total((month) => month.journals),
        daily_habits: months.reduce(
          (sum, month) => sum + month.journals.reduce((n, j) => n + j.daily_habits.length, 0),
          0,
        ),
        daily_measures: months.reduce(
          (sum, month) => sum + month.journals.reduce((n, j) => n + j.daily_measures.length, 0),
          0,
        ),
      },
      months: created,
      skipped_months: whole.filter((_, index) => present.has(index)).map((month) => month.name),
    };
    return HttpResponse.json(remembered(report, created), { status: 201 });
  }),
  http.post(apiUrl('api/import/:id/undo/'), ({ params }) => {
    const id = Number(params.id);
    const made = madeBy.get(id);
    if (!made) return notFound();
    madeBy.delete(id);
    const ids = new Set(made.months.map((month) => month.id));
    db.months = db.months.filter((month) => !ids.has(month.id));
    const undone: ImportUndo = {
      id,
      source: made.report.source ?? 'monthbook',
      imported_at: new Date().toISOString(),
      counts: made.report.imported,
    };
    binItem(
      {
        kind: 'import',
        id,
        label: undone.source === 'monthbook' ? 'Monthbook' : 'Daylio',
        month: null,
        month_name: null,
        date: undone.imported_at.slice(0, 10),
      },
      () => {
        db.months.push(...made.months);
        madeBy.set(id, made);
        return undone;
      },
    );
    return HttpResponse.json(undone);
  }),
];
