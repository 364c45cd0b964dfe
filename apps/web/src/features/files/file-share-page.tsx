import { Upload } from 'lucide-react';
import { Container } from '../../components/container';
import { PageHeader } from '../../components/page-header';

export function FileSharePage() {
  return (
    <Container width="md">
      <title>File Share — CodeDrop</title>
      <PageHeader
        icon={Upload}
        title="Anonymous File Share"
        description="Share a file of up to 50MB with a 4-digit code."
      />
    </Container>
  );
}
