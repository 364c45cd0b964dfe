import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Container } from '../../components/container';
import { PageHeader } from '../../components/page-header';
import { FileShareLinks, SupportedTypes } from './file-facts';
import { FileResult, type CreatedFile } from './file-result';
import { FileShareForm } from './file-share-form';

export function FileSharePage() {
  const [created, setCreated] = useState<CreatedFile | null>(null);
  return (
    <Container width="md" className="flex flex-col gap-6">
      <PageHeader
        icon={Upload}
        title="Anonymous File Share"
        description="Upload a file, get a 4-digit code, and let anyone with the code download it. No registration required."
      />
      {created ? (
        <FileResult
          created={created}
          onReset={() => {
            // Another file, or this share deleted: a running upload stops here (an
            // unfinished one can be resumed by picking its file again).
            created.upload?.upload?.stop();
            setCreated(null);
          }}
        />
      ) : (
        <FileShareForm onCreated={setCreated} />
      )}
      <SupportedTypes />
      <FileShareLinks />
    </Container>
  );
}
