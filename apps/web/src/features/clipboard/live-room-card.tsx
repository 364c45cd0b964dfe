import { Trans, useLingui } from '@lingui/react/macro';
import { RadioTower } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card, CardContent } from '../../components/card';
import { PasswordField } from '../../components/encryption/password-field';
import { IconTile } from '../../components/icon-tile';
import { Label } from '../../components/label';
import { Select } from '../../components/select';
import { Spinner } from '../../components/spinner';
import { loadOnUse } from '../../lib/api/load-on-use';
import { problemWords, type ProblemMessage } from '../../lib/api/problem-words';
import { useConfig } from '../../lib/config-context';
import { useCanEncrypt } from '../../lib/encryption/secure-context';
import { formatDuration } from '../../lib/format-date';
import { useLocale } from '../../lib/i18n/locale-context';
import { useLocalizedPath } from '../../lib/i18n/use-localized-path';
import { useInteractive } from '../../lib/interactive';

/**
 * docs/product.md#live-rooms: below the clipboard form, a room whose one text every device
 * that opens its code sees and edits live. Starting one opens it at `/{code}`.
 */
export function LiveRoomCard() {
  const { t, i18n } = useLingui();
  const config = useConfig();
  const locale = useLocale();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const interactive = useInteractive();
  const secure = useCanEncrypt();
  const [expiry, setExpiry] = useState<number | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ProblemMessage | null>(null);
  const expiresInSeconds = expiry ?? config.defaultExpirySeconds;
  const failureTitle = t`Could not start the live room`;

  const fail = (message: ProblemMessage) => {
    setFailure(message);
    toast.error(message.title, { description: message.detail });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setBusy(true);
    try {
      const loaded = await loadOnUse(() => import('./start-room'));
      // A password of blanks only protects nothing: the room is then a plain one.
      const chosen = secure && password.trim() !== '' ? password : '';
      const started = loaded.ok
        ? await loaded.data
            .startRoom({ password: chosen, expiresInSeconds })
            .catch((error: unknown) => {
              console.error('Starting the live room failed', error);
              return null;
            })
        : loaded;
      if (started === null) return fail({ title: failureTitle });
      if (!started.ok) return fail(problemWords('create', started.problem, i18n, { failureTitle }));
      // A page in a language keeps it, as a looked-up code does.
      await navigate(localize(`/${started.data.code}`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-labelledby="live-room-title"
          className="flex flex-col gap-5"
        >
          <fieldset
            disabled={!interactive || busy}
            data-starting={interactive ? undefined : ''}
            className="contents"
          >
            <div className="flex gap-4">
              <IconTile icon={RadioTower} tone="soft" />
              <div className="flex flex-col gap-1">
                <h2 id="live-room-title" className="font-semibold text-slate-900">
                  <Trans>Live room</Trans>
                </h2>
                <p className="text-sm text-slate-700">
                  <Trans>Keep one text in sync on all your devices, live.</Trans>
                </p>
              </div>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor="live-room-expiry">
                  <Trans>Keep the room for</Trans>
                </Label>
                <Select
                  id="live-room-expiry"
                  value={expiresInSeconds}
                  onChange={(event) => setExpiry(Number(event.target.value))}
                >
                  {[...config.expiryChoicesSeconds]
                    .sort((a, b) => a - b)
                    .map((seconds) => (
                      <option key={seconds} value={seconds}>
                        {formatDuration(seconds, locale)}
                      </option>
                    ))}
                </Select>
              </div>
              {secure && (
                <div className="flex flex-col gap-2">
                  <Label htmlFor="live-room-password">
                    <Trans>Room password (optional)</Trans>
                  </Label>
                  <PasswordField
                    id="live-room-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    aria-describedby="live-room-password-hint"
                  />
                  <p id="live-room-password-hint" className="text-sm text-slate-600">
                    <Trans>
                      With a password, the text is encrypted in your browser, and every device needs
                      the password to join.
                    </Trans>
                  </p>
                </div>
              )}
            </div>
            {failure && (
              <Alert variant="error" title={failure.title}>
                {failure.detail}
              </Alert>
            )}
            <Button type="submit" variant="secondary" size="lg">
              {busy ? <Spinner /> : <RadioTower aria-hidden="true" />}
              {busy ? t`Starting…` : t`Start live room`}
            </Button>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
