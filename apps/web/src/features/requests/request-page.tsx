import { useState } from 'react';
import { Container } from '../../components/container';
import { PageHeader } from '../../components/page-header';
import { useConfig } from '../../lib/config-context';
import { useTool } from '../../lib/tools';
import { RequestForm, type CreatedRequest } from './request-form';
import { RequestResult } from './request-result';

/** `/request`: ask for files or text that only you can open. */
export function RequestPage() {
  const [created, setCreated] = useState<CreatedRequest | null>(null);
  const config = useConfig();
  const tool = useTool('/request');
  return (
    <Container width="md" className="flex flex-col gap-6">
      <PageHeader icon={tool.icon} title={tool.heading} description={tool.lead(config)} />
      {created ? (
        <RequestResult created={created} onReset={() => setCreated(null)} />
      ) : (
        <RequestForm onCreated={setCreated} />
      )}
    </Container>
  );
}
