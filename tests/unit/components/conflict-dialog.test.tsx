// The conflict dialogs name what was changed: an edit sent later from the queue may ask long
// after it was made, on another screen, so "This highlight" alone does not say which entry.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ConflictDialog,
  type ConflictQuestion,
} from '../../../src/components/sync/conflict-dialog';
import { setLocale } from '../../../src/i18n/store';
import { cssVariablesResolver, theme } from '../../../src/theme';
// Brings jsdom the matchMedia that Mantine's provider needs.
import '../routes/render-route';

afterEach(() => setLocale('en'));

const highlight = { field: 'highlight', base: 'Old', mine: 'Mine', theirs: 'Theirs' };

function ask(question: ConflictQuestion, onAnswer: (answer: string) => void = () => undefined) {
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <ConflictDialog question={question} onAnswer={onAnswer} />
    </MantineProvider>,
  );
  return screen.findByTestId('conflict-subject');
}

describe('the conflict dialog names what was changed', () => {
  it.each([
    [{ kind: 'entry', date: '2026-01-09' }, 'Entry of Jan 9'],
    [{ kind: 'entry', date: '2026-01-09', part: 'Stretch' }, 'Entry of Jan 9 · Stretch'],
    [{ kind: 'entry', date: undefined }, 'An entry'],
    [{ kind: 'goal', name: 'Swim' }, 'Goal “Swim”'],
    [{ kind: 'month', name: 'March 2026' }, 'Month “March 2026”'],
  ] as const)('%o → %s', async (subject, words) => {
    const question: ConflictQuestion = {
      kind: 'version',
      conflict: highlight,
      canKeepBoth: true,
      subject,
    };
    expect(await ask(question)).toHaveTextContent(words);
  });

  it('in the deleted-elsewhere question and in Portuguese', async () => {
    await setLocale('pt-BR');
    const subject = { kind: 'entry', date: '2026-01-09', part: 'Alongar' } as const;
    expect(await ask({ kind: 'deleted', canRestore: true, subject })).toHaveTextContent(
      'Registro de 9 de jan. · Alongar',
    );
  });
});

describe('the conflict dialog closed without an answer', () => {
  it.each([
    {
      kind: 'version',
      conflict: highlight,
      canKeepBoth: true,
      subject: { kind: 'goal', name: 'Swim' },
    },
    { kind: 'deleted', canRestore: true, subject: { kind: 'goal', name: 'Swim' } },
  ] as const)('answers "later" on Escape, so the change is kept (%o)', async (question) => {
    const answers: string[] = [];
    await ask(question, (answer) => answers.push(answer));
    await userEvent.keyboard('{Escape}');
    expect(answers).toEqual(['later']);
  });
});
