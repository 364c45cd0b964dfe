import { Trans, useLingui } from '@lingui/react/macro';
import { Eye } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { problemWords, type ProblemMessage } from '../../lib/api/problem-words';
import { readShare } from '../../lib/api/shares-api';
import { useMessages } from '../../lib/i18n/product-messages';

type BurnState =
  | { phase: 'waiting' }
  | { phase: 'reading' }
  | { phase: 'read'; content: string }
  | { phase: 'failed'; message: ProblemMessage };

/**
 * A burn-after-reading share is read only on an explicit click, so link previews and
 * prefetchers that merely open the page cannot burn it (docs/design.md#lifecycle).
 */
export function BurnGate({
  code,
  children,
}: {
  code: string;
  children: (content: string) => ReactNode;
}) {
  const [state, setState] = useState<BurnState>({ phase: 'waiting' });
  const { t, i18n } = useLingui();
  const messages = useMessages();

  const reveal = async () => {
    setState({ phase: 'reading' });
    const result = await readShare(code);
    setState(
      result.ok
        ? { phase: 'read', content: result.data.content }
        : { phase: 'failed', message: problemWords('viewer', result.problem, i18n) },
    );
  };

  if (state.phase === 'read') {
    return (
      <div className="flex flex-col gap-4">
        <Alert variant="warning">{messages.burnNotice}</Alert>
        {children(state.content)}
      </div>
    );
  }
  if (state.phase === 'failed') {
    return (
      <Alert variant="error" title={state.message.title}>
        {state.message.detail}
      </Alert>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center">
      <Alert
        variant="warning"
        title={t`This content can be viewed only once`}
        className="text-start"
      >
        <Trans>
          It is deleted as soon as you show it. Make sure you are ready to read or copy it now.
        </Trans>
      </Alert>
      <Button size="lg" onClick={() => void reveal()} disabled={state.phase === 'reading'}>
        {state.phase === 'reading' ? <Spinner /> : <Eye aria-hidden="true" />}
        <Trans>Show content</Trans>
      </Button>
    </div>
  );
}
