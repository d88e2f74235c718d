// Modals load on first use: forms and their validation code stay out of a screen's first load.
// Each loader is also called on hover/focus of the button that opens it, so opening feels instant.
import { lazy } from 'react';

export const loadCreateMonthModal = () => import('./months/create-month-modal');
export const loadEditMonthModal = () => import('./months/edit-month-modal');
export const loadJournalFormModal = () => import('./journals/journal-form-modal');
export const loadCreateGoalModal = () => import('./journals/create-goal-modal');
export const loadConfirmModal = () => import('./confirm-modal');

export const CreateMonthModal = lazy(() =>
  loadCreateMonthModal().then((m) => ({ default: m.CreateMonthModal })),
);
export const EditMonthModal = lazy(() =>
  loadEditMonthModal().then((m) => ({ default: m.EditMonthModal })),
);
export const JournalFormModal = lazy(() =>
  loadJournalFormModal().then((m) => ({ default: m.JournalFormModal })),
);
export const CreateGoalModal = lazy(() =>
  loadCreateGoalModal().then((m) => ({ default: m.CreateGoalModal })),
);
export const ConfirmModal = lazy(() =>
  loadConfirmModal().then((m) => ({ default: m.ConfirmModal })),
);
