// Starts the API reads of the screen being opened while the app's code is still downloading.
// Loaded by the app shells only (scripts/prerender.mjs), never by the public pages nor by a page
// the server rendered (which brings its query state). The app's ky client takes each answer over
// through src/api/early-responses.ts, which also says when one is refused (another token, too
// old); whatever is not taken is simply fetched again.
(() => {
  try {
    const screens = [
      {
        path: /^\/months\/(\d+)\/journals\/?$/,
        reads: (id) => [
          `api/months/${id}/`,
          `api/journals/?month=${id}`,
          `api/goals/?month=${id}`,
          `api/habits/?month=${id}`,
          `api/measures/?month=${id}`,
          `api/dailyhabits/?month=${id}`,
          `api/dailymeasures/?month=${id}`,
        ],
      },
      { path: /^\/months\/?$/, reads: () => ['api/check-payment-status', 'api/months/'] },
    ];
    const screen = screens.find((candidate) => candidate.path.test(location.pathname));
    if (!screen) return;
    const access = localStorage.getItem('access');
    if (!access) return;
    // An access token about to expire is left to the app, which refreshes it first.
    const claims = JSON.parse(atob(access.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (!(typeof claims.exp === 'number' && claims.exp * 1000 > Date.now() + 5000)) return;
    if (navigator.onLine === false) return;
    const base = document.currentScript?.dataset.apiUrl || location.origin;
    const prefix = base.endsWith('/') ? base : `${base}/`;
    const at = performance.now();
    const early = {};
    for (const read of screen.reads(screen.path.exec(location.pathname)[1])) {
      const url = prefix + read;
      const response = fetch(url, {
        headers: { accept: 'application/json', authorization: `Bearer ${access}` },
      });
      // A failed fetch is the app's to retry, not an error to report here.
      response.catch(() => {});
      early[url] = { token: access, at, response };
    }
    window.__monthbookEarly = early;
  } catch {
    // Anything unexpected: the app fetches as usual.
  }
})();
