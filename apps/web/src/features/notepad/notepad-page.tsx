import { FileText } from 'lucide-react';
import { Container } from '../../components/container';
import { PageHeader } from '../../components/page-header';

export function NotepadPage() {
  return (
    <Container width="md">
      <title>Online Notepad — CodeDrop</title>
      <PageHeader
        icon={FileText}
        title="Online Notepad"
        description="Write a note and share it with a 4-digit code."
      />
    </Container>
  );
}
