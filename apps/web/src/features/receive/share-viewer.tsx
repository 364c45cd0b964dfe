import { assertNever, type ShareView } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card, CardContent } from '../../components/card';
import { Container } from '../../components/container';
import { problemWords } from '../../lib/api/problem-words';
import { useMessages } from '../../lib/i18n/product-messages';
import { ShareReport } from './report/share-report';
import { BurnGate } from './burn-gate';
import { EncryptedShare } from './encrypted-share';
import { FileShareContent } from './file-share-content';
import { plainShare } from './received-share';
import { TextContent } from './text-content';
import { UploadingNotice } from './uploading-notice';
import { useLiveShare } from './use-live-share';
import { ViewerHeader } from './viewer-header';

export interface ShareViewerProps {
  share: ShareView;
  /** Back to Home, and where a file goes once its last download is used. */
  onExit: () => void;
}

/** docs/product.md#shared-content-viewer. */
export function ShareViewer({ share: found, onExit }: ShareViewerProps) {
  const { share, gone } = useLiveShare(found);
  const { t, i18n } = useLingui();
  // Whether this visit waited for an upload, so its end can be announced.
  const [waited, setWaited] = useState(found.status === 'uploading');
  if (!waited && share.status === 'uploading') setWaited(true);
  const goneWords = gone && problemWords('viewer', gone, i18n);
  const code = share.code;
  return (
    <Container width="md" className="flex flex-col gap-6">
      <title>{t`Share ${code} — CodeDrop`}</title>
      <div>
        <Button variant="ghost" onClick={onExit} className="-ms-3">
          <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
          <Trans>Back to Home</Trans>
        </Button>
      </div>
      <Card>
        <ViewerHeader share={share} />
        <CardContent className="flex flex-col gap-6 border-t border-slate-200">
          {goneWords ? (
            <Alert variant="error" title={goneWords.title}>
              {goneWords.detail}
            </Alert>
          ) : (
            <>
              {share.type === 'file' && share.status === 'uploading' && share.upload && (
                <UploadingNotice upload={share.upload} />
              )}
              <ShareBody share={share} onExit={onExit} />
            </>
          )}
          {waited && (
            <p role="status" className="sr-only">
              {share.status === 'ready' ? t`Upload complete: the file can be downloaded now.` : ''}
            </p>
          )}
        </CardContent>
        {/* Outside ShareBody: every share can be reported, readable or not. */}
        <ShareReport code={share.code} />
      </Card>
    </Container>
  );
}

function ShareBody({ share, onExit }: ShareViewerProps) {
  const messages = useMessages();
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
