// Chooses the app's language: a native select in the app navbar and on the login and register
// pages.
import { site } from '../i18n/en/site';
import { type Locale, setLocale, useLocale, useTexts } from '../i18n/store';

/** Each language named in itself, so anyone can find their own. */
const LANGUAGES: readonly { locale: Locale; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'pt-BR', name: 'Português (Brasil)' },
];

export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const t = useTexts('site', site);
  const locale = useLocale();
  return (
    <select
      className="mb-language"
      aria-label={t.language}
      value={locale}
      style={fullWidth ? { width: '100%' } : undefined}
      // Remembered on this device for the next visits (setLocale).
      onChange={(event) => void setLocale(event.currentTarget.value as Locale, true)}
    >
      {LANGUAGES.map((language) => (
        <option key={language.locale} value={language.locale} lang={language.locale}>
          {language.name}
        </option>
      ))}
    </select>
  );
}
