import { assertNever, messages, type ShareView } from '@codedrop/contract';
import { ArrowLeft } from 'lucide-react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card, CardContent } from '../../components/card';
import { Container } from '../../components/container';
import { BurnGate } from './burn-gate';
import { EncryptedShare } from './encrypted-share';
import { FileShareContent } from './file-share-content';
import { plainShare } from './received-share';
import { TextContent } from './text-content';
import { ViewerHeader } from './viewer-header';

export interface ShareViewerProps {
  share: ShareView;
  /** Back to Home, and where a file goes once its last download is used. */
  onExit: () => void;
}

/** docs/product.md#shared-content-viewer. */
export function ShareViewer({ share, onExit }: ShareViewerProps) {
  return (
    <Container width="md" className="flex flex-col gap-6">
      <title>{`Share ${share.code} — CodeDrop`}</title>
      <div>
        <Button variant="ghost" onClick={onExit} className="-ml-3">
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Button>
      </div>
      <Card>
        <ViewerHeader share={share} />
        <CardContent className="border-t border-slate-200">
          <ShareBody share={share} onExit={onExit} />
        </CardContent>
      </Card>
    </Container>
  );
}

function ShareBody({ share, onExit }: ShareViewerProps) {
  if (share.isEncrypted) return <EncryptedShare share={share} onExit={onExit} />;
  const type = share.type;
  switch (type) {
    case 'file': {
      const received = plainShare(share);
      return received ? (
        <FileShareContent share={received} onLimitReached={onExit} />
      ) : (
        <Alert variant="error" title={messages.invalidFileShare} />
      );
    }
    case 'clipboard':
    case 'notepad': {
      const render = (content: string) => <TextContent type={type} content={content} />;
      if (share.burnAfterReading) return <BurnGate code={share.code}>{render}</BurnGate>;
      return render(share.content ?? '');
    }
    default:
      return assertNever(type);
  }
}
