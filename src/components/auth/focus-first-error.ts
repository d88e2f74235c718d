// After a refused submit, the keyboard goes to the first field in error, in the form's order.

/** Focuses the first field of `order` that has an error in `errors`; its input is found by Mantine's form. */
export function focusFirstError<Field extends string>(
  order: readonly Field[],
  errors: Partial<Record<string, unknown>>,
  inputOf: (field: Field) => HTMLElement | null,
): void {
  const first = order.find((field) => Boolean(errors[field]));
  if (first !== undefined) inputOf(first)?.focus();
}
