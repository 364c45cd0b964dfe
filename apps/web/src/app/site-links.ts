import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { Home, type LucideIcon } from 'lucide-react';
import { allToolsIn } from '../lib/tools';

export interface SiteLink {
  /** The page's path in English; links add the reader's locale (lib/i18n/use-localized-path). */
  to: string;
  label: string;
  icon?: LucideIcon;
}

/** The header navigation (docs/product.md#header); Home and the tools carry icons. */
export function mainNav(i18n: I18n): SiteLink[] {
  return [
    { to: '/', label: t(i18n)`Home`, icon: Home },
    ...allToolsIn(i18n).map(({ to, navLabel, icon }) => ({ to, label: navLabel, icon })),
    { to: '/about', label: t(i18n)`About` },
    { to: '/how-it-works', label: t(i18n)`How It Works` },
    { to: '/blog', label: t(i18n)`Blog` },
    { to: '/faq', label: t(i18n)`FAQ` },
  ];
}

/** The footer's three link columns (the fourth is the brand blurb). */
export function footerColumns(i18n: I18n): { title: string; links: SiteLink[] }[] {
  return [
    {
      title: t(i18n)`Services`,
      links: allToolsIn(i18n).map(({ to, title }) => ({ to, label: title })),
    },
    {
      title: t(i18n)`Resources`,
      links: [
        { to: '/how-to-share-text-anonymously', label: t(i18n)`How to Share Text Anonymously` },
        { to: '/pastebin-alternative-no-login', label: t(i18n)`Pastebin Alternative (No Login)` },
        { to: '/temporary-file-sharing-tool', label: t(i18n)`Temporary File Sharing Tool` },
      ],
    },
    {
      title: t(i18n)`Legal`,
      links: [
        { to: '/privacy-policy', label: t(i18n)`Privacy Policy` },
        { to: '/terms-of-service', label: t(i18n)`Terms of Service` },
        { to: '/about', label: t(i18n)`About Us` },
        { to: '/faq', label: t(i18n)`FAQ` },
      ],
    },
  ];
}
