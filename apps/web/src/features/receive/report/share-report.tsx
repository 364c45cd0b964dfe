import { Trans } from '@lingui/react/macro';
import { Flag } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { ReportForm } from './report-form';

/**
 * The discreet "Report" link under every share, and the form it opens in the card
 * (docs/product.md#reporting-a-share). It needs only the code, so it works the same for
 * every type, plain or encrypted, before and after unlocking.
 */
export function ShareReport({ code }: { code: string }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [thanks, setThanks] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);

  // The form leaves the page on Cancel and once sent: focus goes back to where it came from.
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 px-6 py-3">
      <div className="flex items-center justify-end gap-3">
        {/* Always present, so screen readers announce the thanks when it arrives. */}
        <p role="status" className="me-auto text-sm text-slate-700">
          {thanks}
        </p>
        <Button
          ref={buttonRef}
          variant="ghost-quiet"
          size="sm"
          onClick={() => {
            setThanks('');
            setOpen(!open);
          }}
          aria-expanded={open}
          aria-controls={panelId}
          className="-me-3"
        >
          <Flag aria-hidden="true" />
          <Trans>Report</Trans>
        </Button>
      </div>
      <div id={panelId} hidden={!open}>
        {open && (
          <ReportForm
            code={code}
            onSent={(message) => {
              setThanks(message);
              close();
            }}
            onCancel={close}
          />
        )}
      </div>
    </div>
  );
}
