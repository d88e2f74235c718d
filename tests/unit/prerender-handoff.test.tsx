// The handoff from a prerendered form to the live app keeps what was typed, the focus and the caret.
import { MantineProvider, PasswordInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { captureTypedState, restoreTypedState } from '../../src/prerender-handoff';
// For its jsdom stubs (matchMedia, ResizeObserver) that Mantine needs.
import './routes/render-route';

let submitted: { username: string; password: string } | null = null;

/** Like the login form: Mantine inputs in a form in uncontrolled mode. */
function Form() {
  const form = useForm({ mode: 'uncontrolled', initialValues: { username: '', password: '' } });
  return (
    <MantineProvider>
      <form
        onSubmit={form.onSubmit((values) => {
          submitted = values;
        })}
      >
        <TextInput label="User" key={form.key('username')} {...form.getInputProps('username')} />
        <PasswordInput
          label="Password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <button type="submit">Login</button>
      </form>
    </MantineProvider>
  );
}

let container: HTMLDivElement;
let root: Root | null = null;

beforeEach(() => {
  submitted = null;
  container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
});

afterEach(() => {
  root?.unmount();
  root = null;
  container.remove();
});

function prerenderedField(label: string): HTMLInputElement {
  const labelElement = [...container.querySelectorAll('label')].find((element) =>
    element.textContent?.startsWith(label),
  );
  const input = labelElement && document.getElementById(labelElement.htmlFor);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no prerendered field ${label}`);
  return input;
}

function mountLive(): void {
  const typed = captureTypedState(container, document.activeElement);
  root = createRoot(container);
  flushSync(() => root?.render(<Form />));
  restoreTypedState(container, typed);
}

it('finds nothing to carry over when nobody typed', () => {
  expect(captureTypedState(container, document.body)).toEqual({ fields: [], focus: null });
});

it('carries typed text into the live form, whose submit sees it', () => {
  prerenderedField('User').value = 'early-typist';
  prerenderedField('Password').value = 'Secret#123';

  mountLive();

  const live = container.querySelectorAll('input');
  expect(live[0]?.value).toBe('early-typist');
  expect(live[1]?.value).toBe('Secret#123');
  flushSync(() => container.querySelector('form')?.requestSubmit());
  expect(submitted).toEqual({ username: 'early-typist', password: 'Secret#123' });
});

it('keeps the focus and the caret in the field being typed into', () => {
  const password = prerenderedField('Password');
  password.value = 'Secret#12';
  password.focus();
  password.setSelectionRange(3, 3);

  mountLive();

  const livePassword = container.querySelectorAll('input')[1];
  expect(livePassword).not.toBe(password);
  expect(document.activeElement).toBe(livePassword);
  expect(livePassword?.selectionStart).toBe(3);
});
