import type { FormEvent, ReactNode } from 'react';
import { useInteractive } from '../lib/interactive';
import { Card, CardContent } from './card';

/**
 * A tool's form on its card. The browser's own validation is off (`noValidate`): every
 * message is the page's, shown next to its field. In a prerendered page its controls are
 * disabled until the script has adopted them (lib/interactive.ts), looking as they will
 * (`data-starting`, index.css).
 */
export function FormCard({
  onSubmit,
  children,
}: {
  onSubmit: () => Promise<void> | void;
  children: ReactNode;
}) {
  const interactive = useInteractive();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <Card>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-6">
          <fieldset
            disabled={!interactive}
            data-starting={interactive ? undefined : ''}
            className="contents"
          >
            {children}
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
