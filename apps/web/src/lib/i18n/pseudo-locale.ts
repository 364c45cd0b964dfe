import type { Messages } from '@lingui/core';

const accented: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'åƀçđéƒĝĥîĵķļɱñöþǫŕšŧûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŦÛṼŴẊÝŽ'][index]!,
  ]),
);

/**
 * A text accented and about 40 % longer (each vowel written twice, as a longer language's
 * words are longer), leaving Lingui's element tags (`<0>`) and plural marks (`#`) alone.
 */
export function pseudoText(text: string): string {
  return text
    .split(/(<\/?\d+\/?>|#)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : [...part]
            .map((char) => {
              const shown = accented[char] ?? char;
              return /[aeiouyAEIOUY]/.test(char) ? shown + shown : shown;
            })
            .join(''),
    )
    .join('');
}

type Compiled = string | readonly unknown[];

/** A compiled message with its text made pseudo; placeholder names and plural keys kept. */
function pseudoMessage(message: Compiled): Compiled {
  if (typeof message === 'string') return pseudoText(message);
  return message.map((token) => {
    if (typeof token === 'string') return pseudoText(token);
    if (!Array.isArray(token)) return token;
    const [name, format, options] = token as [string, string?, Record<string, Compiled>?];
    if (options === undefined || typeof options !== 'object') return token;
    return [
      name,
      format,
      Object.fromEntries(
        Object.entries(options).map(([key, value]) => [key, pseudoMessage(value)]),
      ),
    ];
  });
}

export function pseudoMessages(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => [id, pseudoMessage(message as Compiled)]),
  ) as Messages;
}
