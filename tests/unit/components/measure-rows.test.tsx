// Several measures: 'Create a Month' measure rows with units and targets, Edit month's measures,
// and the multi-value journal modal and cards.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '../../../contract/rules';
import { makeMeasure, makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { server, setupMswServer } from '../msw/server';
import { findToast, renderRoute, signIn } from '../routes/render-route';

setupMswServer();
// Lazy modal chunks compile on first use and the machine is shared: wait up to 5 s, not 1.
configure({ asyncUtilTimeout: 5000 });

/** Every POST /api/measures/ body, in order. */
let measureBodies: unknown[];
async function record({ request }: { request: Request }) {
  if (request.method === 'POST' && new URL(request.url).pathname === '/api/measures/')
    measureBodies.push(await request.clone().json());
}

beforeEach(() => {
  signIn();
  measureBodies = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});

const settingsOf = (dialog: ReturnType<typeof within>, name: string) =>
  within(dialog.getByRole('group', { name: `Unit and daily target of ${name}` }));

describe('Create a Month with several measures', { timeout: 30_000 }, () => {
  async function openModal() {
    const view = renderRoute('/months');
    await view.user.click(
      await screen.findByRole('button', { name: 'Add New Month +' }, { timeout: 15_000 }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Month' }));
    return { ...view, dialog };
  }

  it('creates the first measure with its unit and target, then each added row, in order', async () => {
    const { user, dialog } = await openModal();
    await user.type(
      dialog.getByLabelText(/^Month/, { selector: 'input:not([type=hidden])' }),
      'March',
    );
    await user.type(dialog.getByLabelText(/^Measure$|^Measure \*/), 'Sleep');
    const sleep = settingsOf(dialog, 'Sleep');
    await user.type(sleep.getByLabelText('Unit'), 'h');
    await user.type(sleep.getByLabelText('Daily target'), '7.5');
    await user.type(dialog.getByLabelText(/^Habit 1/), 'Read');

    await user.click(dialog.getByRole('button', { name: 'Add measure +' }));
    await waitFor(() => expect(dialog.getByLabelText(/^Measure 2/)).toHaveFocus());
    await user.type(dialog.getByLabelText(/^Measure 2/), 'Coffee');
    const coffee = settingsOf(dialog, 'Coffee');
    await user.type(coffee.getByLabelText('Unit'), 'cups');
    await user.type(coffee.getByLabelText('Daily target'), '2');
    await user.selectOptions(coffee.getByLabelText('Target is met when the value is'), 'at_most');
    // A third row, removed again: nothing is made for it.
    await user.click(dialog.getByRole('button', { name: 'Add measure +' }));
    await user.type(dialog.getByLabelText(/^Measure 3/), 'Steps');
    await user.click(dialog.getByRole('button', { name: 'Remove measure 3' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await findToast('Month created')).toBeInTheDocument();
    const march = db.months.find((m) => m.name === 'March')!;
    expect(measureBodies).toEqual([
      { name: 'Sleep', month_id: march.id, unit: 'h', target: 7.5, target_direction: 'at_least' },
      { name: 'Coffee', month_id: march.id, unit: 'cups', target: 2, target_direction: 'at_most' },
    ]);
    expect(db.measures.filter((m) => m.month_id === march.id).map((m) => m.name)).toEqual([
      'Sleep',
      'Coffee',
    ]);
  });

  it('sends the spec’s {name, month_id} when the measure has no unit or target', async () => {
    const { user, dialog } = await openModal();
    await user.type(
      dialog.getByLabelText(/^Month/, { selector: 'input:not([type=hidden])' }),
      'April',
    );
    await user.type(dialog.getByLabelText(/^Measure$|^Measure \*/), 'Weight');
    await user.type(dialog.getByLabelText(/^Habit 1/), 'Walk');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await findToast('Month created')).toBeInTheDocument();
    const april = db.months.find((m) => m.name === 'April')!;
    expect(measureBodies).toEqual([{ name: 'Weight', month_id: april.id }]);
  });

  it('refuses an added measure without a name and a target that is no number, sending nothing', async () => {
    const { user, dialog } = await openModal();
    await user.type(
      dialog.getByLabelText(/^Month/, { selector: 'input:not([type=hidden])' }),
      'May',
    );
    await user.type(dialog.getByLabelText(/^Measure$|^Measure \*/), 'Sleep');
    await user.type(settingsOf(dialog, 'Sleep').getByLabelText('Daily target'), 'lots');
    await user.type(dialog.getByLabelText(/^Habit 1/), 'Walk');
    await user.click(dialog.getByRole('button', { name: 'Add measure +' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText(MESSAGES.invalidNumber)).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Measure 2/)).toHaveAccessibleDescription(MESSAGES.required);
    expect(db.months.some((m) => m.name === 'May')).toBe(false);
    expect(measureBodies).toEqual([]);
  });
});

describe('the journal modal and cards with several measures', { timeout: 30_000 }, () => {
  function seedTwoMeasures() {
    const fixture = seedMonth(makeMonthFixture({ name: 'January', journals: 0, habits: ['Read'] }));
    const [sleep] = fixture.measures;
    Object.assign(sleep!, { name: 'Sleep', unit: 'h', target: 7, target_direction: 'at_least' });
    const coffee = makeMeasure(fixture.month, {
      name: 'Coffee',
      unit: 'cups',
      target: 2,
      target_direction: 'at_most',
    });
    db.measures.push(coffee);
    return { fixture, sleep: sleep!, coffee };
  }

  async function openCreate(monthId: number) {
    const view = renderRoute(`/months/${monthId}/journals`);
    await screen.findByRole('heading', { level: 1, name: 'January' }, { timeout: 15_000 });
    await view.user.click(screen.getByRole('button', { name: 'Add New Journal +' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Register' }));
    return { ...view, dialog };
  }

  it('asks a value per measure with its unit and target; an empty optional one makes no value', async () => {
    const { fixture, sleep } = seedTwoMeasures();
    const { user, dialog } = await openCreate(fixture.month.id);
    const first = dialog.getByLabelText(/^Sleep \(h\)/);
    expect(first).toBeRequired();
    expect(first).toHaveAccessibleDescription('at least 7 h');
    const second = dialog.getByLabelText(/^Coffee \(cups\)/);
    expect(second).not.toBeRequired();
    expect(second).toHaveAccessibleDescription('at most 2 cups');

    await user.type(dialog.getByLabelText(/^Highlight/), 'Rested');
    await user.type(first, '8');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await findToast('Journal created')).toBeInTheDocument();
    const journal = db.journals.find((j) => j.highlight === 'Rested')!;
    expect(
      db.dailyMeasures
        .filter((d) => d.journal_id === journal.id)
        .map((d) => [d.measure_id, d.metric]),
    ).toEqual([[sleep.id, 8]]);
    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('Sleep: 8 h');
    expect(card).toHaveTextContent('on target');
  });

  it('saves both values, shows each with its unit and whether it is on target, and refuses a bad one', async () => {
    const { fixture, sleep, coffee } = seedTwoMeasures();
    const { user, dialog } = await openCreate(fixture.month.id);
    await user.type(dialog.getByLabelText(/^Highlight/), 'Busy');
    await user.type(dialog.getByLabelText(/^Sleep \(h\)/), '6');
    await user.type(dialog.getByLabelText(/^Coffee \(cups\)/), 'two');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(MESSAGES.invalidNumber)).toBeInTheDocument();
    expect(db.journals).toHaveLength(0);

    await user.clear(dialog.getByLabelText(/^Coffee \(cups\)/));
    await user.type(dialog.getByLabelText(/^Coffee \(cups\)/), '1');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await findToast('Journal created')).toBeInTheDocument();
    const journal = db.journals.find((j) => j.highlight === 'Busy')!;
    expect(
      db.dailyMeasures
        .filter((d) => d.journal_id === journal.id)
        .map((d) => [d.measure_id, d.metric]),
    ).toEqual([
      [sleep.id, 6],
      [coffee.id, 1],
    ]);
    const card = await screen.findByRole('article');
    await waitFor(() => expect(card).toHaveTextContent('Coffee: 1 cups'));
    const lines = [...card.querySelectorAll('.mb-journal-measure')].map((line) => line.textContent);
    expect(lines).toEqual(['Sleep: 6 h ✗off target', 'Coffee: 1 cups ✓on target']);
  });
});

describe('Edit month’s measures', { timeout: 30_000 }, () => {
  it('sets the first measure’s unit and target, renames and removes later ones after a confirm, and adds one', async () => {
    const fixture = seedMonth(makeMonthFixture({ name: 'June', journals: 1, habits: ['Read'] }));
    const first = fixture.measures[0]!;
    const coffee = makeMeasure(fixture.month, { name: 'Coffee', unit: 'cups' });
    const steps = makeMeasure(fixture.month, { name: 'Steps' });
    db.measures.push(coffee, steps);
    const view = renderRoute('/months');
    const { user } = view;
    await user.click(await screen.findByRole('button', { name: 'Edit month June' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit month' }));
    await dialog.findByLabelText(/^Measure 2/);
    expect(dialog.getByLabelText(/^Measure 2/)).toHaveValue('Coffee');
    expect(settingsOf(dialog, 'Coffee').getByLabelText('Unit')).toHaveValue('cups');

    const firstSettings = settingsOf(dialog, first.name);
    await user.type(firstSettings.getByLabelText('Unit'), 'h');
    await user.type(firstSettings.getByLabelText('Daily target'), '8');
    await user.clear(dialog.getByLabelText(/^Measure 2/));
    await user.type(dialog.getByLabelText(/^Measure 2/), 'Espresso');
    await user.click(dialog.getByRole('button', { name: 'Remove measure 3' }));
    const question = await dialog.findByRole('alertdialog');
    expect(question).toHaveTextContent(/Remove the measure “Steps”\? Its values on every entry/);
    await user.click(within(question).getByRole('button', { name: 'Remove measure' }));
    expect(dialog.getByRole('status')).toHaveTextContent('1 measure will be removed on Save.');
    await user.click(dialog.getByRole('button', { name: 'Add measure +' }));
    await user.type(dialog.getByLabelText(/^Measure 3/), 'Water');
    await user.type(settingsOf(dialog, 'Water').getByLabelText('Unit'), 'l');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await findToast('Month renamed')).toBeInTheDocument();
    expect(
      db.measures
        .filter((m) => m.month_id === fixture.month.id)
        .map(({ name, unit, target, target_direction }) => [name, unit, target, target_direction]),
    ).toEqual([
      [first.name, 'h', 8, 'at_least'],
      ['Espresso', 'cups', null, null],
      ['Water', 'l', null, null],
    ]);
    expect(measureBodies).toEqual([{ name: 'Water', month_id: fixture.month.id, unit: 'l' }]);
  });
});
