import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { findResumeRecord, type ResumeRecord } from '../../lib/resume-records';

/**
 * The unfinished upload of the one file picked, if this browser began one (after a reload).
 * `revision` changes when the records may have (one forgotten after a failed resume).
 */
export function useResumeOffer(files: readonly File[], revision = 0): ResumeRecord | null {
  const [only] = files;
  return useMemo(
    () => (files.length === 1 && only ? findResumeRecord(only) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revision re-reads the storage
    [files, only, revision],
  );
}

export interface ResumeOfferProps {
  record: ResumeRecord;
  /** Leaves the unfinished upload behind: the next upload of this file makes a new share. */
  onDiscard: () => void;
  disabled?: boolean;
}

/** What the page says when the file picked is one whose upload stopped half-way. */
export function ResumeOffer({ record, onDiscard, disabled }: ResumeOfferProps) {
  const { t } = useLingui();
  const code = record.share.code;
  return (
    <Alert variant="info" title={t`This file's upload stopped before it finished (code ${code})`}>
      <p>
        {record.encryption
          ? t`It was encrypted: turn on password protection, enter the same password, then choose Resume upload to continue where it stopped.`
          : t`Choose Resume upload to continue where it stopped, under the same code.`}
      </p>
      <Button
        variant="inline-link"
        size="sm"
        className="mt-1"
        onClick={onDiscard}
        disabled={disabled}
      >
        <Trans>Start a new upload instead</Trans>
      </Button>
    </Alert>
  );
}
