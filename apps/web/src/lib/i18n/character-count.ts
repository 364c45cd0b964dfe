import { formatCount, sourceLocale } from '@codedrop/contract';
import type { I18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';

/**
 * "100,000 characters", the noun agreeing with the number in every language. English keeps
 * its hand-written grouping: the landing page states the limit in its first render, before
 * any Intl formatter has loaded its data.
 */
export function characterCount(count: number, i18n: I18n): string {
  if (i18n.locale === sourceLocale) return `${formatCount(count)} characters`;
  return t(i18n)`${plural(count, { one: '# character', other: '# characters' })}`;
}
