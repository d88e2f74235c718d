// Settings' import: months the account already has (same name and calendar month) are named before
// anything is imported, and the user chooses: only the new months, all of them, or nothing.
import { screen, waitFor, within } from '@testing-library/react';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFile } from '../../../contract/export';
import { monthsAlreadyPresent } from '../../../src/components/settings/import-duplicates';
import { makeMonth } from '../../fixtures/factories';
import { db } from '../msw/db';
import { requestLog, setupMswServer } from '../msw/server';
import { renderRoute, signIn } from '../routes/render-route';

setupMswServer();
vi.setConfig({ testTimeout: 20_000 });

const FIRST_RENDER = { timeout: 15_000 };

beforeEach(() => {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

type FileMonth = ExportFile['months'][number];
const month = (name: string, journals: FileMonth['journals'] = []): FileMonth => ({
  name,
  habits: [],
  measures: [],
  goals: [],
  journals,
});
const entry = (created_at: string, highlight: string) => ({
  created_at,
  highlight,
  daily_habits: [],
  daily_measures: [],
});
const exportFile = (months: FileMonth[]): ExportFile => ({
  format: EXPORT_FORMAT,
  version: EXPORT_VERSION,
  exported_at: '2024-01-01T00:00:00.000Z',
  months,
});

describe('monthsAlreadyPresent', () => {
  const account = exportFile([
    month('May', [entry('2024-05-01', 'Walked'), entry('2024-05-02', 'Read')]),
    month('June'),
  ]);

  it('names the months with the same name, in any case and spacing, whatever their entries', () => {
    const file = exportFile([
      month('May', [entry('2024-05-01', 'Walked')]),
      month('July'),
      month(' june '),
    ]);
    expect(monthsAlreadyPresent(file, account)).toEqual(['May', ' june ']);
  });

  it('does not name a month of another calendar month', () => {
    const file = exportFile([{ ...month('May'), period: '2024-05' }]);
    expect(monthsAlreadyPresent(file, account)).toEqual([]);
  });
});

async function chooseAndImport(file: ExportFile) {
  const view = renderRoute('/settings');
  const region = await screen.findByRole('region', { name: 'Import' }, FIRST_RENDER);
  const input = region.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('the Import section has no file input');
  await view.user.upload(input, new File([JSON.stringify(file)], 'backup.json'));
  await view.user.click(within(region).getByRole('button', { name: 'Import' }));
  return { ...view, region: within(region) };
}

const imports = () => requestLog.filter((request) => request.startsWith('POST /api/import/'));

describe('importing the same file twice', () => {
  it('names the months already present and imports nothing until asked', async () => {
    db.months.push(makeMonth({ name: 'From backup' }));
    const { region } = await chooseAndImport(exportFile([month('From backup'), month('Fresh')]));

    const question = await region.findByRole('alert', {}, FIRST_RENDER);
    expect(question).toHaveTextContent('Some months look already imported');
    expect(within(question).getByRole('listitem')).toHaveTextContent('From backup');
    expect(imports()).toEqual([]);
    expect(db.months).toHaveLength(1);
  });

  it('imports anyway when the user says so', async () => {
    db.months.push(makeMonth({ name: 'From backup' }));
    const view = await chooseAndImport(exportFile([month('From backup')]));
    await view.user.click(
      await view.region.findByRole('button', { name: 'Import anyway' }, FIRST_RENDER),
    );
    expect(await screen.findByText('Import complete', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(db.months).toHaveLength(2);
  });

  it('imports only the new months when the user says so, and names those left out', async () => {
    db.months.push(makeMonth({ name: 'From backup' }));
    const view = await chooseAndImport(exportFile([month('From backup'), month('Deleted since')]));

    await view.user.click(
      await view.region.findByRole('button', { name: 'Import only the new months' }, FIRST_RENDER),
    );

    expect(await screen.findByText('Import complete', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(imports()).toEqual(['POST /api/import/?months=new']);
    expect(db.months.map((m) => m.name)).toEqual(['From backup', 'Deleted since']);
    expect(screen.getByText('Left out, already in your account: From backup.')).toBeInTheDocument();
  });

  it('imports nothing on Cancel', async () => {
    db.months.push(makeMonth({ name: 'From backup' }));
    const view = await chooseAndImport(exportFile([month('From backup')]));
    await view.user.click(await view.region.findByRole('button', { name: 'Cancel' }, FIRST_RENDER));
    await waitFor(() => expect(view.region.queryByRole('alert')).not.toBeInTheDocument());
    expect(view.region.getByRole('button', { name: 'Import' })).toBeInTheDocument();
    expect(imports()).toEqual([]);
    expect(db.months).toHaveLength(1);
  });

  it('imports at once when no month looks present', async () => {
    db.months.push(makeMonth({ name: 'Older' }));
    await chooseAndImport(exportFile([month('Fresh')]));
    expect(await screen.findByText('Import complete', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByText('Some months look already imported')).not.toBeInTheDocument();
  });
});

describe('importing another app’s export', () => {
  it('previews the dry run, asks the unknown mood’s level, then imports with the answer', async () => {
    const view = renderRoute('/settings');
    const section = await screen.findByRole('region', { name: 'Import' }, FIRST_RENDER);
    const input = section.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('the Import section has no file input');
    const csv =
      'full_date,date,weekday,time,mood,activities,note_title,note\n2025-02-03,,,,super duper,,,Hi\n';
    await view.user.upload(input, new File([csv], 'daylio_export.csv', { type: 'text/csv' }));
    const region = within(section);
    await view.user.click(region.getByRole('button', { name: 'Import' }));

    const preview = await region.findByRole('status');
    expect(preview).toHaveTextContent('Ready to import from Daylio');
    expect(imports()).toEqual([expect.stringContaining('dry_run=true')]);
    expect(db.months.some((month) => month.name === 'February 2025')).toBe(false);

    await view.user.selectOptions(region.getByLabelText('Level of the mood “super duper”'), '4');
    await view.user.click(within(preview).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(region.getByText('Import complete')).toBeInTheDocument());
    const sent = imports()[1] ?? '';
    expect(sent).toContain('dry_run=false');
    expect(new URLSearchParams(sent.split('?')[1]).get('moods')).toBe('{"super duper":4}');
    expect(region.getByRole('link', { name: 'February 2025' })).toBeInTheDocument();
  });
});
