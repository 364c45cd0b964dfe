import type { AdminSession } from '@codedrop/contract';
import { LogIn, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card, CardContent } from '../../components/card';
import { Container } from '../../components/container';
import { Input } from '../../components/input';
import { Label } from '../../components/label';
import { PageHeader } from '../../components/page-header';
import { signIn } from '../../lib/api/admin-api';
import { problemText } from './problem-text';

/** The console's one way in: the operator's password (docs/product.md#admin-console). */
export function SignInForm({ onSignedIn }: { onSignedIn: (session: AdminSession) => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return setError('Please enter the password');
    setBusy(true);
    const result = await signIn(password);
    setBusy(false);
    if (result.ok) onSignedIn(result.data);
    else setError(problemText(result.problem));
  };

  return (
    <Container width="sm" className="py-12">
      <PageHeader icon={ShieldCheck} title="Admin" description="The operator's console." />
      <Card className="mx-auto max-w-md">
        <CardContent>
          <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
            {error !== null && <Alert variant="error" title={error} />}
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-password`}>Password</Label>
              <Input
                id={`${id}-password`}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required
              />
            </div>
            <Button type="submit" disabled={busy}>
              <LogIn aria-hidden="true" />
              {busy ? 'Signing in…' : 'Sign in'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </Container>
  );
}
