// Carries what a visitor typed into a prerendered form (/login, /register) over to the live app that replaces it.
//
// The prerendered HTML shows before any JavaScript runs, so a fast visitor can start typing into it. The
// app then mounts with createRoot, which replaces those nodes with identical ones: without this handoff
// the typed text, the caret and the focus would vanish. The markup on both sides comes from the same
// components, so the n-th text field of the prerendered page is the n-th text field of the live one.

export interface TypedField {
  index: number;
  value: string;
}

export interface TypedState {
  fields: TypedField[];
  /** Index of the focused field, with its caret, if one had focus. */
  focus: { index: number; start: number | null; end: number | null } | null;
}

const TEXT_FIELDS = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea';

function textFields(root: ParentNode): (HTMLInputElement | HTMLTextAreaElement)[] {
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)];
}

/** Reads the fields the visitor typed into, before the app replaces them. */
export function captureTypedState(root: ParentNode, active: Element | null): TypedState {
  const fields = textFields(root);
  const typed = fields.flatMap((field, index) =>
    field.value === field.defaultValue ? [] : [{ index, value: field.value }],
  );
  const focusIndex = fields.findIndex((field) => field === active);
  const focused = fields[focusIndex];
  return {
    fields: typed,
    focus: focused
      ? { index: focusIndex, start: focused.selectionStart, end: focused.selectionEnd }
      : null,
  };
}

/** Sets a field's value the way typing does, so React's onChange (and the form's state) sees it. */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Puts the captured text, focus and caret into the live app's fields. */
export function restoreTypedState(root: ParentNode, state: TypedState): void {
  const fields = textFields(root);
  for (const { index, value } of state.fields) {
    const field = fields[index];
    if (field && field.value !== value) typeInto(field, value);
  }
  const focused = state.focus && fields[state.focus.index];
  if (state.focus && focused) {
    focused.focus();
    if (state.focus.start !== null && state.focus.end !== null) {
      try {
        focused.setSelectionRange(state.focus.start, state.focus.end);
      } catch {
        // Some input types (email, number) have no caret position.
      }
    }
  }
}
