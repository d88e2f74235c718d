// What registration hands to the login page through the browser's history entry, not the URL.

declare module '@tanstack/history' {
  interface HistoryState {
    /** The username just registered: /login greets with 'Account created — log in' and fills it in. */
    registeredUsername?: string;
  }
}

export {};
