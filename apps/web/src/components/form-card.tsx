import type { FormEvent, ReactNode } from 'react';
import { Card, CardContent } from './card';

/**
 * A tool's form on its card. The browser's own validation is off (`noValidate`): every
 * message is the page's, shown next to its field.
 */
export function FormCard({
  onSubmit,
  children,
}: {
  onSubmit: () => Promise<void> | void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <Card>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-6">
          {children}
        </form>
      </CardContent>
    </Card>
  );
}
