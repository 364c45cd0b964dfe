import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Container } from '../../components/container';
import { EncryptionSummary } from '../../components/encryption/encryption-summary';
import { PageHeader } from '../../components/page-header';
import { ShareResult } from '../../components/share-result';
import { useConfig } from '../../lib/config-context';
import { useTool } from '../../lib/tools';
import { CleanupInfo } from './cleanup-info';
import { ClipboardForm, type CreatedClipboard } from './clipboard-form';
import { LiveRoomCard } from './live-room-card';

export function ClipboardPage() {
  const [created, setCreated] = useState<CreatedClipboard | null>(null);
  const config = useConfig();
  const tool = useTool('/clipboard');
  const { t } = useLingui();
  // Read only once a share exists: the page is also rendered where there is no window.
  const host = created ? window.location.host : '';
  const code = created?.share.code;
  return (
    <Container width="md">
      <PageHeader icon={tool.icon} title={tool.heading} description={tool.lead(config)} />
      <div className="flex flex-col gap-6">
        {created ? (
          <ShareResult
            title={t`Your text is ready to share`}
            code={created.share.code}
            expiresAt={created.share.expiresAt}
            deleteToken={created.share.deleteToken}
            resetLabel={t`Create Another Share`}
            onReset={() => setCreated(null)}
            instructions={[
              t`Open ${host} on any device.`,
              <Trans>
                Enter the code <strong dir="ltr">{code}</strong> under “Retrieve Shared Content”, or
                open the link or QR code.
              </Trans>,
              ...(created.encryption
                ? [t`Send the password separately. The recipient types it to decrypt the text.`]
                : []),
              created.burnAfterReading
                ? t`The text is deleted as soon as it has been viewed once.`
                : created.encryption
                  ? t`Anyone with the code and the password can read the text until it expires.`
                  : t`Anyone with the code can read the text until it expires.`,
            ]}
          >
            {created.encryption && (
              <EncryptionSummary recoveryEmail={created.encryption.recoveryEmail} />
            )}
          </ShareResult>
        ) : (
          <>
            <ClipboardForm onCreated={setCreated} />
            <LiveRoomCard />
          </>
        )}
        <CleanupInfo />
      </div>
    </Container>
  );
}
