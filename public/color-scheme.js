// Sets, before first paint, what a prerendered page must not show wrong even for a moment: Mantine's
// colour scheme (never a flash of light in dark mode), and the language (never a flash of English
// for a visitor the app will show in Portuguese).
(() => {
  try {
    const saved = localStorage.getItem('mantine-color-scheme-value');
    const scheme =
      saved === 'light' || saved === 'dark'
        ? saved
        : matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // Storage or matchMedia unavailable: Mantine sets the scheme once React starts.
  }
  try {
    // The language the app will pick, as src/i18n/store.ts (preferredLocale) picks it: the stored
    // choice, else the first of the browser's languages that the app has, else English.
    const stored = localStorage.getItem('locale');
    let locale = stored === 'en' || stored === 'pt-BR' ? stored : null;
    for (const language of locale ? [] : navigator.languages || []) {
      const code = language.toLowerCase();
      if (code.startsWith('pt') || code.startsWith('en')) {
        locale = code.startsWith('pt') ? 'pt-BR' : 'en';
        break;
      }
    }
    const root = document.documentElement;
    // A page in another language (the prerendered pages are English) stays unseen until the app
    // has rendered it in the right one (src/main.tsx), or for 3 s should the app never start.
    if ((locale || 'en') !== root.lang) {
      root.setAttribute('data-language-pending', '');
      setTimeout(() => root.removeAttribute('data-language-pending'), 3000);
    }
  } catch {
    // Storage unavailable: the page shows as written, and the app switches its language.
  }
})();
