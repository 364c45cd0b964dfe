import { Home, type LucideIcon } from 'lucide-react';
import { tools } from '../lib/tools';

export interface SiteLink {
  to: string;
  label: string;
  icon?: LucideIcon;
}

/** The header navigation (docs/product.md#header); the first four carry icons. */
export const mainNav: SiteLink[] = [
  { to: '/', label: 'Home', icon: Home },
  ...tools.map(({ to, navLabel, icon }) => ({ to, label: navLabel, icon })),
  { to: '/about', label: 'About' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/blog', label: 'Blog' },
  { to: '/faq', label: 'FAQ' },
];

/** The footer's three link columns (the fourth is the brand blurb). */
export const footerColumns: { title: string; links: SiteLink[] }[] = [
  {
    title: 'Services',
    links: tools.map(({ to, title }) => ({ to, label: title })),
  },
  {
    title: 'Resources',
    links: [
      { to: '/how-to-share-text-anonymously', label: 'How to Share Text Anonymously' },
      { to: '/pastebin-alternative-no-login', label: 'Pastebin Alternative (No Login)' },
      { to: '/temporary-file-sharing-tool', label: 'Temporary File Sharing Tool' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/about', label: 'About Us' },
      { to: '/faq', label: 'FAQ' },
    ],
  },
];
