import { Plural, Trans } from '@lingui/react/macro';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { useLocalizedPath } from '../../lib/i18n/use-localized-path';
import { allImages } from '../../lib/pasted-files';
import { handOverFiles } from '../../lib/pending-files';
import { carriesText } from '../../lib/transfer-files';
import { useFilePaste } from '../../lib/use-file-paste';

/**
 * docs/product.md#clipboard: a pasted image or file cannot become clipboard text, so the
 * page offers to share it on the file page instead, where it arrives already selected.
 * Text pastes are not touched; a paste carrying both (a copied file's name, a spreadsheet
 * range with its picture) still pastes its text, and the offer comes as well.
 */
export function PasteOffer({ enabled }: { enabled: boolean }) {
  const [pasted, setPasted] = useState<File[] | null>(null);
  const navigate = useNavigate();
  const localized = useLocalizedPath();

  useFilePaste((files, event) => {
    if (!carriesText(event.clipboardData)) event.preventDefault();
    setPasted(files);
  }, enabled);

  if (!pasted) return null;
  const count = pasted.length;
  return (
    <Alert variant="info" data-testid="paste-offer">
      <p>
        {allImages(pasted) ? (
          <Plural
            value={count}
            one="You pasted # image. Share it as a file instead?"
            other="You pasted # images. Share them as files instead?"
          />
        ) : (
          <Plural
            value={count}
            one="You pasted # file. Share it as a file instead?"
            other="You pasted # files. Share them as files instead?"
          />
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() => {
            handOverFiles(pasted);
            void navigate(localized('/file-share'));
          }}
        >
          <Upload aria-hidden="true" />
          <Trans>Share as file</Trans>
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setPasted(null)}>
          <Trans>Dismiss</Trans>
        </Button>
      </div>
    </Alert>
  );
}
