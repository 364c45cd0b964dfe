import type { CreateShareResponse, TextShareType } from '@codedrop/contract';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toast } from 'sonner';
import { loadOnUse } from './api/load-on-use';
import { warmDateTimeFormat } from './format-date';
import { problemWords, type ProblemMessage } from './api/problem-words';
import { useConfig } from './config-context';
import type { SealProgress } from './encryption/progress';
import { sealFailed, sealTextShare } from './encryption/seal-text';
import { useEncryptionOptions } from './encryption/use-encryption-options';

export interface CreatedTextShare {
  share: CreateShareResponse;
  burnAfterReading: boolean;
  /** Set when the content was encrypted; the recovery email, if one was given. */
  encryption: { recoveryEmail?: string } | null;
}

/**
 * What the clipboard and notepad forms share once their own field is valid: expiry, burn
 * after reading, the encryption options, sealing in the browser, the API call and its
 * failure (shown next to the button and as a toast).
 */
export function useTextShareCreation(type: TextShareType, failedMessage: string) {
  const config = useConfig();
  const { i18n } = useLingui();
  const [expiry, setExpiry] = useState<number | null>(null);
  const [burn, setBurn] = useState(false);
  const [failure, setFailure] = useState<ProblemMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [sealing, setSealing] = useState<SealProgress | null>(null);
  const encryption = useEncryptionOptions();
  const expiresInSeconds = expiry ?? config.defaultExpirySeconds;

  const fail = (message: ProblemMessage) => {
    setFailure(message);
    toast.error(message.title, { description: message.detail });
  };

  /** Creates the share from valid content; null when it did not (and the page says why). */
  async function create(content: string): Promise<CreatedTextShare | null> {
    const protection = encryption.check();
    if (!protection.ok) {
      toast.error(protection.message);
      return null;
    }
    const { choice } = protection;
    setBusy(true);
    // The result card shows the share's dates.
    warmDateTimeFormat(i18n.locale);
    try {
      const sealed = choice
        ? await sealTextShare(choice, content, setSealing).catch(sealFailed)
        : undefined;
      setSealing(null);
      if (sealed === null) {
        fail({ title: failedMessage });
        return null;
      }
      // The API client and its schemas (zod) load with the first share, not with the page:
      // evaluating them was a long task of every tool's start on a phone.
      const api = await loadOnUse(() => import('./api/shares-api'));
      const result = api.ok
        ? await api.data.createShare({
            type,
            ...(sealed ?? { content }),
            expiresInSeconds,
            ...(burn ? { burnAfterReading: true } : {}),
          })
        : api;
      if (result.ok) {
        return {
          share: result.data,
          burnAfterReading: burn,
          encryption: choice && { recoveryEmail: choice.recoveryEmail },
        };
      }
      console.error(`Creating the ${type} share failed`, result.problem);
      fail(problemWords('create', result.problem, i18n, { failureTitle: failedMessage }));
      return null;
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    create,
    clearFailure: () => setFailure(null),
    /** Spread into TextShareOptions. */
    options: {
      expiresInSeconds,
      onExpiryChange: setExpiry,
      burn,
      onBurnChange: setBurn,
      encryption: encryption.cardProps,
      sealing,
      failure,
      busy,
    },
  };
}
