// Sets Mantine's colour scheme before first paint so prerendered pages never flash light in dark mode.
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
})();
