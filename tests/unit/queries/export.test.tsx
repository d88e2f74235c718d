// Hook tests for export and import: downloads, the import's checks before sending, its progress, report and refusals.
import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import {
  EXPORT_FORMAT,
  type ExportFile,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
} from '../../../contract/export';
import { parseExport } from '../../../contract/export-validation';
import { storeTokens } from '../../../src/api/tokens';
import { forgetAccountKeyHere, keepAccountKey } from '../../../src/queries/account-key-session';
import {
  type ImportProgress,
  ImportRefusedError,
  useDownloadExport,
  useDownloadMonthCsv,
  useImportExport,
} from '../../../src/queries/export';
import { journalSearchKeys, monthKeys } from '../../../src/queries/keys';
import { makeJournal, makeJwt, makeMonth, makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { accountKey, seedPrivateMonth } from '../msw/private-month';
import { failing, unreachable } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { renderQueryHook } from './wrapper';

setupMswServer();

beforeEach(() => storeTokens({ access: makeJwt(30 * 60), refresh: makeJwt(3600) }));

const exportFile = (): ExportFile => ({
  format: EXPORT_FORMAT,
  version: 2,
  exported_at: '2024-03-01T10:00:00.000Z',
  months: [
    {
      name: 'Imported',
      habits: [{ id: 1, name: 'Read' }],
      measures: [{ id: 1, name: 'Weight' }],
      goals: [{ name: 'Goal', is_completed: true }],
      journals: [
        {
          created_at: '2024-03-01',
          highlight: 'Café',
          daily_habits: [{ habit: 1, is_practiced: true }],
          daily_measures: [{ measure: 1, metric: 70.5 }],
        },
      ],
    },
  ],
});

const fileOf = (content: string) =>
  new File([content], 'export.json', { type: 'application/json' });

async function runImport(file: Blob) {
  const progress: ImportProgress[] = [];
  const hook = renderQueryHook(() => useImportExport());
  await act(() =>
    hook.result.current
      .mutateAsync({ file, onProgress: (step) => progress.push(step) })
      .catch(() => undefined),
  );
  await waitFor(() => expect(hook.result.current.isIdle).toBe(false));
  await waitFor(() => expect(hook.result.current.isPending).toBe(false));
  return { ...hook, progress };
}

describe('useDownloadExport and useDownloadMonthCsv', () => {
  it('hands over the server’s bytes', async () => {
    const month = makeMonth({ name: 'January' });
    db.months.push(month);
    db.journals.push(makeJournal(month, { highlight: 'Hi' }));
    const all = renderQueryHook(() => useDownloadExport());
    const csv = renderQueryHook(() => useDownloadMonthCsv());

    const json = await act(() => all.result.current.mutateAsync());
    const sheet = await act(() => csv.result.current.mutateAsync(month.id));

    expect(JSON.parse(await json.blob.text()).months[0].name).toBe('January');
    expect(json.privateMonths).toBeNull();
    expect(await sheet.text()).toBe('date,highlight\r\n2024-01-15,Hi\r\n');
    expect(requestLog).toEqual([
      'GET /api/export/',
      'GET /api/months/',
      `GET /api/months/${month.id}/export.csv`,
    ]);
  });

  it('surfaces a failure', async () => {
    server.use(failing('get', 'api/export/', 500));
    const { result } = renderQueryHook(() => useDownloadExport());
    await act(() => result.current.mutateAsync().catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});

describe('useDownloadExport with private months', () => {
  afterEach(() => forgetAccountKeyHere());

  async function download() {
    const hook = renderQueryHook(() => useDownloadExport());
    const { blob, privateMonths } = await act(() => hook.result.current.mutateAsync());
    // The server's bytes come as Node's Blob; a file made here is jsdom's, which has no text().
    const text = await new Promise<string>((resolve) => {
      if (typeof blob.text === 'function') return void blob.text().then(resolve);
      const reader = new FileReader();
      reader.addEventListener('load', () => resolve(String(reader.result)));
      reader.readAsText(blob);
    });
    const parsed = parseExport(text);
    if (!('file' in parsed)) throw new Error(`not a valid export: ${parsed.problem.message}`);
    return { file: parsed.file, privateMonths };
  }

  it('adds them opened after the server’s plain months, numbering their habits on', async () => {
    await keepAccountKey(accountKey.slice());
    seedMonth(makeMonthFixture({ name: 'Plain', journals: 1, habits: ['Walk'] }));
    seedPrivateMonth();

    const { file, privateMonths } = await download();

    expect(privateMonths).toEqual({ added: 1, locked: false, leftOut: 0 });
    expect(file.months.map((month) => month.name)).toEqual(['Plain', 'Secret March']);
    const secret = file.months[1]!;
    expect(secret.journals.map(({ highlight, note, mood }) => ({ highlight, note, mood }))).toEqual(
      db.journals
        .filter((entry) => entry.month_id === db.months[1]!.id)
        .map((entry) => ({ highlight: `Canary ${entry.id}`, note: 'Only mine', mood: 4 })),
    );
    expect(secret.goals).toEqual([{ name: 'Hidden goal', is_completed: true }]);
    // The private month's habits are numbered on from the plain month's, and its ticks point at them.
    const last = file.months[0]!.habits[0]!.id;
    expect(secret.habits.map((habit) => [habit.id, habit.name])).toEqual([
      [last + 1, 'Read'],
      [last + 2, 'Walk'],
    ]);
    expect(secret.journals[0]!.daily_habits).toEqual([
      { habit: last + 1, is_practiced: true },
      { habit: last + 2, is_practiced: false },
    ]);
  });

  it('leaves them out while the account key is not open here, and says so', async () => {
    seedPrivateMonth();

    const { file, privateMonths } = await download();

    expect(privateMonths).toEqual({ added: 0, locked: true, leftOut: 0 });
    expect(file.months).toEqual([]);
  });

  it('leaves out an entry that cannot be opened, with its ticks and values, never blank', async () => {
    await keepAccountKey(accountKey.slice());
    const monthId = seedPrivateMonth();
    const [first, second] = db.journals.filter((row) => row.month_id === monthId);
    if (!first || !second) throw new Error('two entries seeded');
    [first.sealed, second.sealed] = [second.sealed, first.sealed];

    const { file, privateMonths } = await download();

    expect(privateMonths).toEqual({ added: 1, locked: false, leftOut: 2 });
    expect(file.months[0]).toMatchObject({ name: 'Secret March', journals: [] });
  });
});

describe('useImportExport', () => {
  it('reads, checks and sends the file as it is, reporting each phase, then refreshes the months', async () => {
    const text = JSON.stringify(exportFile(), null, 1);
    let sent: string | undefined;
    server.use(
      http.post(apiUrl('api/import/'), async ({ request }) => {
        sent = await request.clone().text();
      }),
    );
    const hook = renderQueryHook(() => useImportExport());
    hook.queryClient.setQueryData(monthKeys.list(), []);
    hook.queryClient.setQueryData(journalSearchKeys.words('cafe'), []);
    const progress: ImportProgress[] = [];

    const report = await act(() =>
      hook.result.current.mutateAsync({
        file: fileOf(text),
        onProgress: (step) => progress.push(step),
      }),
    );

    expect(sent).toBe(text);
    expect(report.imported).toEqual({
      months: 1,
      habits: 1,
      measures: 1,
      goals: 1,
      journals: 1,
      daily_habits: 1,
      daily_measures: 1,
    });
    expect(report.months.map((month) => month.name)).toEqual(['Imported']);
    const phases = progress.map((step) => step.phase).filter((p, i, all) => all[i - 1] !== p);
    expect(phases).toEqual(['reading', 'checking', 'uploading', 'importing']);
    expect(hook.queryClient.getQueryState(monthKeys.list())?.isInvalidated).toBe(true);
    expect(hook.queryClient.getQueryState(journalSearchKeys.words('cafe'))?.isInvalidated).toBe(
      true,
    );
    expect(requestLog).toEqual(
      ['POST /api/import/', 'GET /api/months/'].slice(0, requestLog.length),
    );
  });

  it.each([
    ['too large', fileOf('x'.repeat(IMPORT_MAX_BYTES + 1)), IMPORT_MESSAGES.tooLarge],
    ['not JSON', fileOf('{"format": '), IMPORT_MESSAGES.notJson],
    [
      'with a bad record',
      fileOf(
        JSON.stringify({
          ...exportFile(),
          months: [{ ...exportFile().months[0], name: 'x'.repeat(51) }],
        }),
      ),
      'months[0].name: must have no more than 50 characters',
    ],
    [
      'pointing at a habit of no month',
      fileOf(
        JSON.stringify({
          ...exportFile(),
          months: [{ ...exportFile().months[0], habits: [] }],
        }),
      ),
      'months[0].journals[0].daily_habits[0].habit: no habit with id 1 in this month',
    ],
  ])('refuses a file %s here, without sending it', async (_name, file, message) => {
    const { result } = await runImport(file);

    expect(result.current.error).toBeInstanceOf(ImportRefusedError);
    expect(result.current.error?.message).toBe(message);
    expect(requestLog).toEqual([]);
  });

  it('passes on the server’s refusal, naming the record', async () => {
    server.use(
      http.post(apiUrl('api/import/'), () =>
        HttpResponse.json(
          { detail: 'months[0].name: something', code: 'invalid_import', path: 'months[0].name' },
          { status: 400 },
        ),
      ),
    );
    const { result } = await runImport(fileOf(JSON.stringify(exportFile())));
    const error = result.current.error as ImportRefusedError;
    expect(error).toBeInstanceOf(ImportRefusedError);
    expect(error.message).toBe('months[0].name: something');
    expect(error.path).toBe('months[0].name');
  });

  it('says what the size limit is on a 413', async () => {
    server.use(
      http.post(apiUrl('api/import/'), () =>
        HttpResponse.json({ detail: IMPORT_MESSAGES.tooLarge }, { status: 413 }),
      ),
    );
    const { result } = await runImport(fileOf(JSON.stringify(exportFile())));
    expect(result.current.error).toEqual(new ImportRefusedError(IMPORT_MESSAGES.tooLarge));
  });

  it('leaves server and network failures as they are, and the months list untouched', async () => {
    server.use(failing('post', 'api/import/', 500));
    const failed = await runImport(fileOf(JSON.stringify(exportFile())));
    expect(failed.result.current.error).not.toBeInstanceOf(ImportRefusedError);
    expect(failed.queryClient.getQueryState(monthKeys.list())).toBeUndefined();

    server.use(unreachable('post', 'api/import/'));
    const offline = await runImport(fileOf(JSON.stringify(exportFile())));
    expect(offline.result.current.error).toBeInstanceOf(TypeError);
    expect(db.months).toEqual([]);
  });
});
