import { Trans } from '@lingui/react/macro';
import { useOnline } from '../lib/offline/use-online';
import { Alert } from './alert';
import { Container } from './container';

/**
 * Said on every page while the browser has no network: the tools still open (the service
 * worker keeps them), but nothing can be sent or received until it is back.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <Container width="md" className="mb-6">
      <Alert variant="warning" title={<Trans>You are offline.</Trans>}>
        <Trans>Sending needs a connection: your text and files stay here until it is back.</Trans>
      </Alert>
    </Container>
  );
}
