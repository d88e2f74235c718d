// Chooses the app's language (issue 6 #7): a native select in the app navbar and on the login and register pages.
import { site } from '../i18n/en/site';
import { type Locale, setLocale, useLocale, useTexts } from '../i18n/store';

/** Each language named in itself, so anyone can find their own. */
const LANGUAGES: readonly { locale: Locale; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'pt-BR', name: 'Português (Brasil)' },
];

async function switchLocale(locale: Locale): Promise<void> {
  await setLocale(locale, true);
  // The server renders pages in English only (src/api/render-cookie.ts); loaded on demand, as the
  // login and register pages have no session to copy.
  const cookie = await import('../api/render-cookie');
  cookie.syncRenderCookie();
}

export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const t = useTexts('site', site);
  const locale = useLocale();
  return (
    <select
      className="mb-language"
      aria-label={t.language}
      value={locale}
      style={fullWidth ? { width: '100%' } : undefined}
      onChange={(event) => void switchLocale(event.currentTarget.value as Locale)}
    >
      {LANGUAGES.map((language) => (
        <option key={language.locale} value={language.locale} lang={language.locale}>
          {language.name}
        </option>
      ))}
    </select>
  );
}
