// The active language (English, or Brazilian Portuguese loaded on demand) and its texts, for components and plain code.
// Ships with every page, the landing's too: English needs nothing else; pt-BR is one lazy chunk.
import { useSyncExternalStore } from 'react';
import { type AppLocale, localeOfLanguages, STORAGE_KEYS } from '../../contract/rules.js';
import type { Messages, Namespace } from './en.js';

export type Locale = AppLocale;

/** What the pt-BR chunk provides: every namespace, and a translator for the server's messages. */
export interface Translation {
  messages: Messages;
  translateMessage: (message: string) => string;
}

interface State {
  locale: Locale;
  /** Null in English: every component keeps the English namespace it imports. */
  translation: Translation | null;
}

const ENGLISH: State = { locale: 'en', translation: null };
let state = ENGLISH;
/** Counts setLocale calls, so a slow load never overrides a later choice. */
let requests = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
// Also the server snapshot: the public pages prerendered at build time are English.
const current = () => state;

/** The active language, outside React. */
export function currentLocale(): Locale {
  return state.locale;
}

/**
 * The remembered choice, else the first language of the browser's list that we have
 * (`pt`, `pt-PT`, `pt-BR`… → pt-BR; `en-*` → English), else English.
 */
export function preferredLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEYS.locale);
  } catch {
    // Storage can be disabled; the browser's languages still decide.
  }
  if (stored === 'en' || stored === 'pt-BR') return stored;
  return localeOfLanguages(navigator.languages) ?? 'en';
}

/**
 * Switches the language, loading the Portuguese texts first when needed; `remember` stores the
 * choice (the switch), while the start-up detection does not pin a language nobody picked.
 * If the texts cannot load (offline, an old deploy), the app stays in English.
 */
export async function setLocale(locale: Locale, remember = false): Promise<void> {
  const request = ++requests;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEYS.locale, locale);
    } catch {
      // Not remembered, but switched.
    }
  }
  let next = ENGLISH;
  if (locale === 'pt-BR') {
    try {
      next = { locale, translation: (await import('./pt-br.js')).translation };
    } catch (error) {
      console.error('Portuguese texts failed to load', error);
    }
  }
  if (request !== requests) return;
  state = next;
  document.documentElement.lang = next.locale;
  for (const listener of listeners) listener();
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, current, current).locale;
}

/** A namespace in the active language: `useTexts('auth', auth)` with the English `auth` imported. */
export function useTexts<N extends Namespace>(namespace: N, en: Messages[N]): Messages[N] {
  const { translation } = useSyncExternalStore(subscribe, current, current);
  return translation ? translation.messages[namespace] : en;
}

/** The same outside React (toasts, validation), read at the moment of the call. */
export function texts<N extends Namespace>(namespace: N, en: Messages[N]): Messages[N] {
  return state.translation ? state.translation.messages[namespace] : en;
}

/**
 * A validation or server message (contract MESSAGES) in the active language; unknown ones as
 * given, and a validator's null (no error) as null.
 */
export function translateMessage(message: string): string;
export function translateMessage(message: string | null): string | null;
export function translateMessage(message: string | null): string | null {
  return state.translation && message !== null
    ? state.translation.translateMessage(message)
    : message;
}
