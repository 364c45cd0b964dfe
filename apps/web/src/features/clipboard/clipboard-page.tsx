import { ClipboardList } from 'lucide-react';
import { Container } from '../../components/container';
import { PageHeader } from '../../components/page-header';

export function ClipboardPage() {
  return (
    <Container width="md">
      <title>Anonymous Clipboard — CodeDrop</title>
      <PageHeader
        icon={ClipboardList}
        title="Anonymous Clipboard"
        description="Share text with a 4-digit code."
      />
    </Container>
  );
}
