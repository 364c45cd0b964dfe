import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Container } from '../../components/container';
import { EncryptionActiveBox } from '../../components/encryption/encryption-active-box';
import { PageHeader } from '../../components/page-header';
import { ShareResult } from '../../components/share-result';
import { formatBytes } from '@codedrop/contract';
import { formatDuration } from '../../lib/format-date';
import { FileShareLinks, SupportedTypes } from './file-facts';
import { FileShareForm, type CreatedFile } from './file-share-form';

export function FileSharePage() {
  const [created, setCreated] = useState<CreatedFile | null>(null);
  return (
    <Container width="md" className="flex flex-col gap-6">
      <title>File Share — CodeDrop</title>
      <PageHeader
        icon={Upload}
        title="Anonymous File Share"
        description="Upload a file, get a 4-digit code, and let anyone with the code download it. No registration required."
      />
      {created ? (
        <FileResult created={created} onReset={() => setCreated(null)} />
      ) : (
        <FileShareForm onCreated={setCreated} />
      )}
      <SupportedTypes />
      <FileShareLinks />
    </Container>
  );
}

function FileResult({ created, onReset }: { created: CreatedFile; onReset: () => void }) {
  const { share, expiresInSeconds, encryption } = created;
  const name = encryption?.name ?? share.fileName;
  const size = encryption?.size ?? share.fileSize;
  const downloads = `${share.maxDownloads} ${share.maxDownloads === 1 ? 'download' : 'downloads'}`;
  return (
    <ShareResult
      title={
        encryption ? '🔒 Encrypted Anonymous File Share Created!' : 'Anonymous File Share Created!'
      }
      code={share.code}
      expiresAt={share.expiresAt}
      resetLabel="Upload Another File"
      onReset={onReset}
      instructions={[
        <>
          Share the code <strong>{share.code}</strong> (or the link) with the recipient.
        </>,
        ...(encryption ? ['Share the password separately, never together with the code.'] : []),
        `The recipient enters the code on the ${window.location.host} home page.`,
        'They click Download File; each download counts towards the limit.',
      ]}
    >
      <div>
        <h3 className="text-sm font-semibold text-slate-900">File details</h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-slate-600">Name</dt>
          <dd className="min-w-0 truncate font-medium text-slate-900" title={name}>
            {name}
          </dd>
          <dt className="text-slate-600">Size</dt>
          <dd className="font-medium text-slate-900">{formatBytes(size)}</dd>
          <dt className="text-slate-600">Download limit</dt>
          <dd className="font-medium text-slate-900">{downloads}</dd>
          <dt className="text-slate-600">Auto-delete</dt>
          <dd className="font-medium text-slate-900">
            After {formatDuration(expiresInSeconds)} or after {downloads}
          </dd>
        </dl>
      </div>
      {encryption && <EncryptionActiveBox recoveryEmail={encryption.recoveryEmail} />}
    </ShareResult>
  );
}
