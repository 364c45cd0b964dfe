import { useState } from 'react';
import { Container } from '../../components/container';
import { EncryptionSummary } from '../../components/encryption/encryption-summary';
import { PageHeader } from '../../components/page-header';
import { ShareResult } from '../../components/share-result';
import { useConfig } from '../../lib/config-context';
import { toolAt } from '../../lib/tools';
import { NotepadForm, type CreatedNote } from './notepad-form';

const tool = toolAt('/notepad');

export function NotepadPage() {
  const [created, setCreated] = useState<CreatedNote | null>(null);
  const config = useConfig();
  return (
    <Container width="md">
      <PageHeader icon={tool.icon} title={tool.heading} description={tool.lead(config)} />
      {created ? (
        <ShareResult
          title="Your note is ready to share"
          code={created.share.code}
          expiresAt={created.share.expiresAt}
          deleteToken={created.share.deleteToken}
          resetLabel="Create Another Note"
          onReset={() => setCreated(null)}
          instructions={[
            `Open ${window.location.host} on any device.`,
            <>
              Enter the code <strong>{created.share.code}</strong> under “Retrieve Shared Content”,
              or open the link or QR code.
            </>,
            ...(created.encryption
              ? ['Send the password separately. The recipient types it to decrypt the note.']
              : []),
            created.burnAfterReading
              ? 'The note is deleted as soon as it has been viewed once.'
              : created.encryption
                ? 'Anyone with the code and the password can read the note until it expires.'
                : 'Anyone with the code can read the note until it expires.',
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
