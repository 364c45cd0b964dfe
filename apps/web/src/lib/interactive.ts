import { useEffect, useState } from 'react';

let servedMarkup = false;

/**
 * Runs a render whose markup is served as the page (the prerender, entry-server.tsx) or
 * adopts that markup in the browser (hydration, main.tsx): what components render then is
 * what the visitor sees before the script has taken the page over.
 */
export function renderServedMarkup<T>(render: () => T): T {
  servedMarkup = true;
  try {
    return render();
  } finally {
    servedMarkup = false;
  }
}

/**
 * False in served markup until the script has adopted it, true from the start anywhere
 * else. A tool's form is disabled meanwhile: text typed into served markup would be wiped
 * when the script takes the field over, and a button pressed before would submit the form
 * the browser's way, its fields in the address.
 */
export function useInteractive(): boolean {
  const [interactive, setInteractive] = useState(() => !servedMarkup);
  useEffect(() => setInteractive(true), []);
  return interactive;
}
