import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Container } from '../../components/container';
import { EncryptionSummary } from '../../components/encryption/encryption-summary';
import { PageHeader } from '../../components/page-header';
import { ShareResult } from '../../components/share-result';
import { useConfig } from '../../lib/config-context';
import { useTool } from '../../lib/tools';
import { NotepadForm, type CreatedNote } from './notepad-form';

export function NotepadPage() {
  const [created, setCreated] = useState<CreatedNote | null>(null);
  const config = useConfig();
  const tool = useTool('/notepad');
  const { t } = useLingui();
  // Read only once a share exists: the page is also rendered where there is no window.
  const host = created ? window.location.host : '';
  const code = created?.share.code;
  return (
    <Container width="md">
      <PageHeader icon={tool.icon} title={tool.heading} description={tool.lead(config)} />
      {created ? (
        <ShareResult
          title={t`Your note is ready to share`}
          code={created.share.code}
          expiresAt={created.share.expiresAt}
          deleteToken={created.share.deleteToken}
          resetLabel={t`Create Another Note`}
          onReset={() => setCreated(null)}
          instructions={[
            t`Open ${host} on any device.`,
            <Trans>
              Enter the code <strong dir="ltr">{code}</strong> under “Retrieve Shared Content”, or
              open the link or QR code.
            </Trans>,
            ...(created.encryption
              ? [t`Send the password separately. The recipient types it to decrypt the note.`]
              : []),
            created.burnAfterReading
              ? t`The note is deleted as soon as it has been viewed once.`
              : created.encryption
                ? t`Anyone with the code and the password can read the note until it expires.`
                : t`Anyone with the code can read the note until it expires.`,
          ]}
        >
          {created.encryption && (
            <EncryptionSummary recoveryEmail={created.encryption.recoveryEmail} />
          )}
        </ShareResult>
      ) : (
        <NotepadForm onCreated={setCreated} />
      )}
    </Container>
  );
}
