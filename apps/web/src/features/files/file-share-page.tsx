import { useState } from 'react';
import { Container } from '../../components/container';
import { PageHeader } from '../../components/page-header';
import { useConfig } from '../../lib/config-context';
import { useTool } from '../../lib/tools';
import { FileShareLinks, SupportedTypes } from './file-facts';
import type { CreatedFile } from './created-file';
import { FileResult } from './file-result';
import { FileShareForm } from './file-share-form';

export function FileSharePage() {
  const [created, setCreated] = useState<CreatedFile | null>(null);
  const config = useConfig();
  const tool = useTool('/file-share');
  return (
    <Container width="md" className="flex flex-col gap-6">
      <PageHeader icon={tool.icon} title={tool.heading} description={tool.lead(config)} />
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
