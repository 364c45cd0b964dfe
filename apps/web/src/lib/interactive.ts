import { startTransition, useEffect, useState } from 'react';

let adopted = false;

/** The app has taken over the page it was served with (app/router.tsx, after its first commit). */
export function markAdopted(): void {
  adopted = true;
}

/**
 * False in served markup (the prerender) and while the browser adopts it, then true; true
 * from the start in what mounts once the page is adopted. A tool's form is disabled
 * meanwhile: a button pressed before the script has taken the page over would submit the
 * form the browser's way, its fields in the address. The switch is a transition, so the
 * re-render it causes yields to the browser instead of joining hydration's commit.
 */
export function useInteractive(): boolean {
  const [interactive, setInteractive] = useState(() => adopted);
  useEffect(() => {
    if (!interactive) startTransition(() => setInteractive(true));
  }, [interactive]);
  return interactive;
}
