import { Trans } from '@lingui/react/macro';
import { Clock } from 'lucide-react';
import { Card, CardContent } from '../../components/card';
import { IconTile } from '../../components/icon-tile';

/** docs/product.md#clipboard: the clipboard page's automatic-cleanup info card. */
export function CleanupInfo() {
  return (
    <Card look="info">
      <CardContent className="flex gap-4">
        <IconTile icon={Clock} tone="info" />
        <div className="flex flex-col gap-1">
          <h2 className="font-semibold text-slate-900">
            <Trans>Automatic cleanup</Trans>
          </h2>
          <p className="text-sm text-slate-700">
            <Trans>
              Every share is deleted automatically when it expires, at most 24 hours after it was
              created. Burn-after-reading text is deleted the moment it is read. Expired content
              cannot be recovered by anyone, including us.
            </Trans>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
