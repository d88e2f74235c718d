// The import report's "Undo this import": asks first, then moves the import into Recently deleted, says so, and the bin lists it.
import { screen, waitFor, within } from '@testing-library/react';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportFile,
  type ImportCounts,
} from '../../../contract/export';
import { undoneSummary } from '../../../src/components/settings/import-undo';
import { settings as ptBr } from '../../../src/i18n/pt-br/settings';
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

const file: ExportFile = {
  format: EXPORT_FORMAT,
  version: EXPORT_VERSION,
  exported_at: '2024-01-01T00:00:00.000Z',
  months: [{ name: 'From backup', habits: [], measures: [], goals: [], journals: [] }],
};

async function importFile() {
  const view = renderRoute('/settings');
  const section = await screen.findByRole('region', { name: 'Import' }, FIRST_RENDER);
  const input = section.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('the Import section has no file input');
  await view.user.upload(input, new File([JSON.stringify(file)], 'backup.json'));
  await view.user.click(within(section).getByRole('button', { name: 'Import' }));
  await within(section).findByText('Import complete', {}, FIRST_RENDER);
  return { ...view, region: within(section) };
}

const undos = () => requestLog.filter((request) => request.endsWith('/undo/'));

it('asks first, then moves the import into Recently deleted and says what went', async () => {
  db.months.push(makeMonth({ name: 'Mine' }));
  const view = await importFile();
  expect(db.months.map((month) => month.name)).toEqual(['Mine', 'From backup']);

  await view.user.click(view.region.getByRole('button', { name: 'Undo this import' }));
  const dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
  expect(undos()).toEqual([]);
  await view.user.click(within(dialog).getByRole('button', { name: 'Undo this import' }));

  expect(await view.region.findByText('Import undone')).toBeInTheDocument();
  expect(view.region.getByText('Moved to Recently deleted: 1 month.')).toBeInTheDocument();
  expect(undos()).toEqual([expect.stringMatching(/^POST \/api\/import\/\d+\/undo\/$/)]);
  expect(db.months.map((month) => month.name)).toEqual(['Mine']);
  expect(view.region.queryByRole('link', { name: 'From backup' })).not.toBeInTheDocument();
  const bin = await screen.findByRole('region', { name: 'Recently deleted' });
  expect(
    await within(bin).findByRole('button', { name: 'Delete forever: Import from Monthbook' }),
  ).toBeInTheDocument();
});

it('changes nothing on Cancel', async () => {
  const view = await importFile();
  await view.user.click(view.region.getByRole('button', { name: 'Undo this import' }));
  const dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
  await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(undos()).toEqual([]);
  expect(db.months.map((month) => month.name)).toEqual(['From backup']);
  expect(view.region.getByRole('button', { name: 'Undo this import' })).toBeInTheDocument();
});

it('the bin restores the undone import whole', async () => {
  const view = await importFile();
  await view.user.click(view.region.getByRole('button', { name: 'Undo this import' }));
  const dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
  await view.user.click(within(dialog).getByRole('button', { name: 'Undo this import' }));
  const bin = within(await screen.findByRole('region', { name: 'Recently deleted' }));

  await view.user.click(await bin.findByRole('button', { name: 'Restore Import from Monthbook' }));

  await waitFor(() => expect(db.months.map((month) => month.name)).toEqual(['From backup']));
  expect(requestLog).toContain(`POST /api/import/${undoneId()}/restore/`);
});

/** The id the last undo was sent for. */
function undoneId(): number {
  const last = undos().at(-1) ?? '';
  return Number(last.split('/')[3]);
}

describe('the undone summary leaves out the kinds it moved none of', () => {
  const counts = (some: Partial<ImportCounts>): ImportCounts => ({
    months: 0,
    habits: 0,
    measures: 0,
    goals: 0,
    journals: 0,
    daily_habits: 0,
    daily_measures: 0,
    ...some,
  });

  it.each([
    [{ months: 2, habits: 3, journals: 1 }, '2 months with 3 habits and 1 journal entry.'],
    [
      { months: 1, measures: 1, journals: 4, daily_measures: 7 },
      '1 month with 1 measure, 4 journal entries and 7 measure values.',
    ],
    [{ months: 1 }, '1 month.'],
    [{ daily_habits: 3 }, '3 habit ticks.'],
    [{ journals: 1, daily_habits: 2 }, '1 journal entry and 2 habit ticks.'],
    [{}, 'nothing.'],
  ])('in English: %o', (some, text) => {
    expect(undoneSummary(counts(some))).toBe(text);
  });

  it.each([
    [{ months: 2, habits: 3, journals: 1 }, '2 meses com 3 hábitos e 1 registro do diário.'],
    [{ months: 1 }, '1 mês.'],
    [
      { journals: 1, daily_habits: 2, daily_measures: 1 },
      '1 registro do diário, 2 marcações de hábito e 1 valor de medida.',
    ],
    [{}, 'nada.'],
  ])('in Portuguese: %o', (some, text) => {
    expect(undoneSummary(counts(some), ptBr)).toBe(text);
  });
});
