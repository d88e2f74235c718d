// /settings: 'settings page' under the heading; export, import with its report, change password, delete account.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { ACCOUNT_MESSAGES } from '../../../contract/account';
import { EXPORT_FORMAT, type ExportFile } from '../../../contract/export';
import { MESSAGES } from '../../../contract/rules';
import { getAccessToken } from '../../../src/api/tokens';
import { setLocale } from '../../../src/i18n/store';
import { TEXTS } from '../../../src/texts';
import { makeGoal, makeMonth } from '../../fixtures/factories';
import { db } from '../msw/db';
import { ACCOUNT_PASSWORD } from '../msw/handlers/account';
import { binItem } from '../msw/handlers/trash';
import { failing } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { findToast, renderRoute, signIn } from './render-route';

setupMswServer();
// Each test renders the whole app and walks a form: allow for a machine shared with other work.
vi.setConfig({ testTimeout: 20_000 });

/** The first screen waits for the guard and the lazy route: slow on a busy machine. */
const FIRST_RENDER = { timeout: 15_000 };

let downloads: { name: string; href: string }[];

beforeEach(() => {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  downloads = [];
  // jsdom has no object URLs and cannot download: record what would be saved instead.
  URL.createObjectURL = vi.fn(() => 'blob:monthbook-test');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ name: this.download, href: this.href });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const section = (name: string) => within(screen.getByRole('region', { name }));

/** Types a whole value at once (a paste): keystroke by keystroke is slow on a busy machine. */
async function enter(user: UserEvent, input: HTMLElement, value: string): Promise<void> {
  await user.click(input);
  await user.paste(value);
}

/** Mantine's FileInput keeps a hidden native input, which is what a user's file lands in. */
async function fileInput(): Promise<HTMLInputElement> {
  const region = await screen.findByRole('region', { name: 'Import' }, FIRST_RENDER);
  const input = region.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('the Import section has no file input');
  return input;
}

describe('/settings', () => {
  it("keeps 'settings page' under the Settings heading and lists each month for CSV", async () => {
    db.months.push(makeMonth({ name: 'January' }), makeMonth({ name: 'Février' }));
    renderRoute('/settings');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Settings' }, FIRST_RENDER),
    ).toBeVisible();
    expect(screen.getByText(TEXTS.settingsPage)).toBeVisible();
    expect(document.title).toBe('Settings — Monthbook');
    expect(
      await screen.findByRole('button', { name: 'Download Février as CSV' }),
    ).toBeInTheDocument();
    // The sections after Export load with their own code (settings.tsx).
    for (const name of ['Export your data', 'Import', 'Change password', 'Delete account']) {
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    }
  });

  it('offers no CSV of a private month, which the server cannot read, and names it only where it is open', async () => {
    // A private month's key whose wrap this device cannot open: locked here.
    const envelope = (length: number) =>
      ({ v: 1, nonce: 'A'.repeat(32), ct: 'B'.repeat(length) }) as const;
    db.months.push(makeMonth({ name: 'January' }), {
      ...makeMonth({ name: '' }),
      month_key: envelope(64),
      sealed: envelope(40),
    });
    const view = renderRoute('/settings');
    expect(
      await screen.findByRole('button', { name: 'Download January as CSV' }, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(await screen.findByText('Private month (locked on this device)')).toBeVisible();
    expect(screen.getByText('Private: no CSV')).toBeVisible();
    expect(screen.getAllByRole('button', { name: /as CSV$/ })).toHaveLength(1);

    // The JSON file: private months are written into it opened, here; locked, they are not.
    expect(screen.getByText(/Your private months are opened on this device/)).toBeVisible();
    await view.user.click(screen.getByRole('button', { name: 'Download everything (JSON)' }));
    expect(
      await findToast(
        'The file holds only your plain months: your private month is locked on this device. Open them in Private months below, then download again.',
      ),
    ).toBeVisible();
    expect(downloads).toHaveLength(1);
  });

  it('says when there is no month, and offers a retry when the list fails', async () => {
    const view = renderRoute('/settings');
    expect(await screen.findByText('No months yet.', {}, FIRST_RENDER)).toBeInTheDocument();

    server.use(failing('get', 'api/months/', 500));
    await view.queryClient.resetQueries();
    expect(await screen.findByText('Your months could not be loaded')).toBeInTheDocument();
    server.resetHandlers();
    db.months.push(makeMonth({ name: 'Back' }));
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Download Back as CSV' })).toBeInTheDocument();
  });

  it('says at once when the email address cannot be read, and reads it again on Try again', async () => {
    server.use(failing('get', 'api/account/email/', 500));
    const view = renderRoute('/settings');
    const email = within(
      await screen.findByRole('region', { name: 'Email address' }, FIRST_RENDER),
    );
    expect(await email.findByRole('alert')).toHaveTextContent(
      'Your email address could not be loaded',
    );
    server.resetHandlers();
    await view.user.click(email.getByRole('button', { name: 'Try again' }));
    expect(await email.findByRole('button', { name: 'Add an email address…' })).toBeVisible();
  });

  it('downloads everything as JSON and a month as CSV, under readable names', async () => {
    const month = makeMonth({ name: 'Janvier 2024' });
    db.months.push(month);
    const view = renderRoute('/settings');

    await view.user.click(
      await screen.findByRole('button', { name: 'Download everything (JSON)' }, FIRST_RENDER),
    );
    await view.user.click(
      await screen.findByRole('button', { name: 'Download Janvier 2024 as CSV' }),
    );

    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[0]?.name).toMatch(/^monthbook-export-\d{4}-\d{2}-\d{2}\.json$/);
    expect(downloads[1]?.name).toBe('monthbook-janvier-2024.csv');
    expect(requestLog).toEqual(
      expect.arrayContaining(['GET /api/export/', `GET /api/months/${month.id}/export.csv`]),
    );
  });

  it('imports a chosen file and reports what was added, with links to the new months', async () => {
    const view = renderRoute('/settings');
    const file: ExportFile = {
      format: EXPORT_FORMAT,
      version: 2,
      exported_at: '2024-01-01T00:00:00.000Z',
      months: [{ name: 'From backup', habits: [], measures: [], goals: [], journals: [] }],
    };
    const input = await fileInput();

    await view.user.upload(input, new File([JSON.stringify(file)], 'backup.json'));
    await view.user.click(section('Import').getByRole('button', { name: 'Import' }));

    // The report's code loads when a file is chosen: give it the first render's time.
    expect(await screen.findByText('Import complete', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Imported 1 month with 0 habits, 0 measures, 0 goals, 0 journal entries, 0 habit ticks and 0 measure values.',
      ),
    ).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'From backup' });
    expect(link.getAttribute('href')).toMatch(/^\/months\/\d+\/journals$/);
    // The months list on this page shows the new month too.
    expect(
      await screen.findByRole('button', { name: 'Download From backup as CSV' }),
    ).toBeInTheDocument();
  });

  it('refuses a file that is not an export before sending anything', async () => {
    const view = renderRoute('/settings');
    const input = await fileInput();
    await screen.findByText('No months yet.');
    requestLog.length = 0;

    await view.user.upload(input, new File(['{"hello": 1}'], 'other.json'));
    await view.user.click(section('Import').getByRole('button', { name: 'Import' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Nothing was imported')).toBeInTheDocument();
    expect(alert).toHaveTextContent('format: This is not a Monthbook export');
    expect(requestLog).toEqual([]);
  });
});

describe('change password', () => {
  async function fill(current: string, next: string, confirmation: string) {
    const view = renderRoute('/settings');
    const form = within(
      await screen.findByRole('region', { name: 'Change password' }, FIRST_RENDER),
    );
    // The form loads when asked for, its first field focused.
    await view.user.click(form.getByRole('button', { name: 'Change password…' }));
    expect(await form.findByLabelText(/^Current password/)).toHaveFocus();
    await enter(view.user, form.getByLabelText(/^Current password/), current);
    await enter(view.user, form.getByLabelText(/^New password/), next);
    await enter(view.user, form.getByLabelText(/^Confirm new password/), confirmation);
    await view.user.click(form.getByRole('button', { name: 'Change password' }));
    return { ...view, form };
  }

  it('checks the registration rules here, before asking the server', async () => {
    const { form } = await fill(ACCOUNT_PASSWORD, 'weak', 'other');
    expect(await form.findByText(MESSAGES.passwordRules)).toBeInTheDocument();
    expect(form.getByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(requestLog).not.toContain('POST /api/account/password/');
  });

  it('shows the server’s answer under the current password', async () => {
    const { form } = await fill('Wrong1!pass', 'N3w!Password', 'N3w!Password');
    expect(await form.findByText(ACCOUNT_MESSAGES.wrongCurrentPassword)).toBeInTheDocument();
  });

  it('changes it, keeps this session on the new tokens and empties the form', async () => {
    const before = getAccessToken();
    const { form } = await fill(ACCOUNT_PASSWORD, 'N3w!Password', 'N3w!Password');
    expect(await findToast('Password changed')).toBeInTheDocument();
    expect(getAccessToken()).not.toBe(before);
    expect(form.getByLabelText(/^Current password/)).toHaveValue('');
  });
});

describe('delete account', () => {
  async function openDialog() {
    const view = renderRoute('/settings');
    await view.user.click(
      await screen.findByRole('button', { name: 'Delete account…' }, FIRST_RENDER),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    return { ...view, dialog };
  }

  it('needs the password, and shows a wrong one under the field', async () => {
    const { dialog, user, pathname } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText(MESSAGES.required)).toBeInTheDocument();
    await enter(user, dialog.getByLabelText(/^Password/), 'Wrong1!pass');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText(ACCOUNT_MESSAGES.wrongPassword)).toBeInTheDocument();
    expect(pathname()).toBe('/settings');
    expect(getAccessToken()).not.toBeNull();
  });

  it('deletes, forgets the session and goes to /', async () => {
    db.months.push(makeMonth());
    const { dialog, user, pathname } = await openDialog();
    await enter(user, dialog.getByLabelText(/^Password/), ACCOUNT_PASSWORD);
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(localStorage.length).toBe(0);
    expect(requestLog).toContain('POST /api/account/delete/');
  });

  it('explains a refusal that is not about the password', async () => {
    server.use(failing('post', 'api/account/delete/', 503));
    const { dialog, user, pathname } = await openDialog();
    await enter(user, dialog.getByLabelText(/^Password/), ACCOUNT_PASSWORD);
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Failed with 503');
    expect(pathname()).toBe('/settings');
  });
});

describe('Recently deleted', () => {
  function binGoal(name: string) {
    const month = makeMonth({ name: 'June' });
    db.months.push(month);
    const goal = makeGoal(month, { name });
    binItem(
      {
        kind: 'goal',
        id: goal.id,
        label: name,
        month: month.id,
        month_name: month.name,
        date: null,
      },
      () => {
        db.goals.push(goal);
        return goal;
      },
    );
    return goal;
  }

  it('says so when nothing was deleted', async () => {
    renderRoute('/settings');
    expect(
      await screen.findByText('Nothing deleted in the last 30 days.', {}, FIRST_RENDER),
    ).toBeInTheDocument();
  });

  it('lists deleted items and restores one, moving focus to the next row', async () => {
    binGoal('Swim');
    const run = binGoal('Run');
    const view = renderRoute('/settings');
    const restore = await screen.findByRole('button', { name: 'Restore Run' }, FIRST_RENDER);
    expect(section('Recently deleted').getAllByText(/in June/)).toHaveLength(2);

    await view.user.click(restore);

    expect(await findToast('Restored')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Restore Run' })).not.toBeInTheDocument(),
    );
    expect(db.goals).toEqual([run]);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Restore Swim' })),
    );
  });

  it.each([
    ['en', 'Restore', 'Delete forever'],
    ['pt-BR', 'Restaurar', 'Excluir para sempre'],
  ] as const)(
    'names each bin button with its visible label first (%s)',
    async (locale, restore, purge) => {
      await setLocale(locale);
      try {
        binGoal('Swim');
        renderRoute('/settings');
        const names = [
          await screen.findByRole('button', { name: `${restore} Swim` }, FIRST_RENDER),
          screen.getByRole('button', { name: `${purge}: Swim` }),
        ].map((button) => [button.textContent, button.getAttribute('aria-label')]);
        // Speech users say what they see: the accessible name starts with the visible words.
        for (const [visible, name] of names) expect(name?.startsWith(visible ?? '?')).toBe(true);
      } finally {
        await setLocale('en');
      }
    },
  );

  it('deletes forever only after confirming', async () => {
    binGoal('Swim');
    const view = renderRoute('/settings');
    await view.user.click(
      await screen.findByRole('button', { name: 'Delete forever: Swim' }, FIRST_RENDER),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete forever?' }));
    expect(db.trash).toHaveLength(1);

    await view.user.click(dialog.getByRole('button', { name: 'Delete forever' }));

    expect(await findToast('Deleted forever')).toBeInTheDocument();
    expect(db.trash).toEqual([]);
    expect(db.goals).toEqual([]);
    expect(await screen.findByText('Nothing deleted in the last 30 days.')).toBeInTheDocument();
  });
});
