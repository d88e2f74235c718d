// Every module that defines queued writes. Saved writes are restored (from this tab's last visit,
// or adopted from a closed tab) only once these are loaded, so each finds its function by its key;
// src/offline sits below src/queries and is handed this function. Pages that make no writes load
// none of this code until then.
export function loadWriteKinds(): Promise<unknown> {
  return Promise.all([
    import('./journals'),
    import('./daily'),
    import('./goals'),
    import('./months'),
    import('./habits'),
    import('./measures'),
    import('./trash'),
  ]);
}
