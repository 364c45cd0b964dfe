import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { limitWords, toolsIn, type Limits, type ToolPath } from '../../lib/tools';
import { legalUpdated, type ContentPagePlace } from './content-places';

export * from './content-places';

/** A tool's name, for the titles that list them. */
const tools = {
  get: (i18n: I18n, to: ToolPath) => toolsIn(i18n).find((tool) => tool.to === to)!.title,
};

/**
 * Every informational page's words: its heading and the words search engines and link
 * previews show, in the reader's language (where it lives: content-places.ts).
 */
export interface ContentPageEntry extends ContentPagePlace {
  /** The page's one h1. */
  heading: string;
  /** The document title, before the " — CodeDrop" suffix. */
  title: string;
  /** Meta description and Open Graph description (50–160 characters). */
  description: string;
  /** The sentence under the heading. */
  lead: string;
}

/** Every content page, worded for the limits of the server that serves it, in the locale of `i18n`. */
export function contentPagesFor(limits: Limits, i18n: I18n): ContentPageEntry[] {
  const { maxFile, downloads, codeTitle } = limitWords(limits, i18n);
  const clipboard = tools.get(i18n, '/clipboard');
  const notepad = tools.get(i18n, '/notepad');
  const fileShare = tools.get(i18n, '/file-share');
  return [
    {
      path: '/home',
      heading: t(i18n)`Share Anything Instantly with a ${codeTitle}`,
      title: t(i18n)`${clipboard}, ${notepad} and ${fileShare}`,
      description: t(
        i18n,
      )`CodeDrop shares text, formatted notes and files up to ${maxFile} behind a short numeric code. No sign-up, optional encryption, deleted within 24 hours.`,
      lead: t(
        i18n,
      )`No account, no links to copy around: paste, write or upload, and read it back on any device by typing a few digits.`,
      source: 'pages/home',
      layout: 'marketing',
    },
    {
      path: '/about',
      heading: t(i18n)`About CodeDrop`,
      title: t(i18n)`About Us: Why CodeDrop Exists`,
      description: t(
        i18n,
      )`Why CodeDrop exists, what it keeps and what it deletes: an account-free tool for moving text, notes and files between people and devices.`,
      lead: t(
        i18n,
      )`A small tool for a common problem: getting something from here to there without an account, an inbox or a trace that outlives its purpose.`,
      source: 'pages/about',
      layout: 'article',
    },
    {
      path: '/how-it-works',
      heading: t(i18n)`How It Works`,
      title: t(i18n)`How It Works: Codes, Expiry and Encryption`,
      description: t(
        i18n,
      )`How CodeDrop codes are chosen, how long shares last, how download limits and burn after reading work, and what password encryption protects.`,
      lead: t(
        i18n,
      )`From the moment you press the button to the moment your share is deleted, step by step.`,
      source: 'pages/how-it-works',
      layout: 'article',
    },
    {
      path: '/blog',
      heading: t(i18n)`The CodeDrop Blog`,
      title: t(i18n)`Blog: Guides to Anonymous, Temporary Sharing`,
      description: t(
        i18n,
      )`Articles about sharing text and files without accounts, choosing a pastebin alternative and keeping shared data short-lived.`,
      lead: t(
        i18n,
      )`Practical writing about sharing things quickly without leaving them lying around.`,
      layout: 'blog-list',
    },
    {
      path: '/faq',
      heading: t(i18n)`Frequently Asked Questions`,
      title: t(i18n)`FAQ: Codes, Expiry, Encryption and Privacy`,
      description: t(
        i18n,
      )`Answers about CodeDrop codes, expiry times, download limits, password encryption, recovery email, rate limits and what data is kept.`,
      lead: t(i18n)`Short answers to the questions people ask most, grouped by topic.`,
      source: 'pages/faq',
      layout: 'faq',
    },
    {
      path: '/how-to-share-text-anonymously',
      heading: t(i18n)`How to Share Text Anonymously`,
      title: t(i18n)`How to Share Text Anonymously: Step-by-Step Guide`,
      description: t(
        i18n,
      )`A step-by-step guide to sharing text without an account: paste it, pick an expiry, add a password if needed and pass on a short code.`,
      lead: t(
        i18n,
      )`A practical walkthrough: from pasted text to a code your recipient can open on any device, with the options that matter at each step.`,
      source: 'guides/how-to-share-text-anonymously',
      layout: 'article',
    },
    {
      path: '/pastebin-alternative-no-login',
      heading: t(i18n)`A Pastebin Alternative With No Login`,
      title: t(i18n)`Pastebin Alternative With No Login Required`,
      description: t(
        i18n,
      )`Share code snippets, logs and notes without signing up. CodeDrop pastes expire within 24 hours and can be encrypted or burnt after reading.`,
      lead: t(
        i18n,
      )`For the snippet, log or config you need to hand over now, not publish for ever.`,
      source: 'guides/pastebin-alternative-no-login',
      layout: 'article',
    },
    {
      path: '/temporary-file-sharing-tool',
      heading: t(i18n)`Temporary File Sharing Tool`,
      title: t(i18n)`Temporary File Sharing Tool: Files Up to ${maxFile}`,
      description: t(
        i18n,
      )`Send a file up to ${maxFile} without an account. Set a download limit ${downloads}, encrypt it with a password, and it deletes itself.`,
      lead: t(
        i18n,
      )`Upload a file, decide how many times it may be downloaded, and let it delete itself when it has done its job.`,
      source: 'guides/temporary-file-sharing-tool',
      layout: 'article',
    },
    {
      path: '/privacy-policy',
      heading: t(i18n)`Privacy Policy`,
      title: t(i18n)`Privacy Policy`,
      description: t(
        i18n,
      )`What CodeDrop stores, for how long, what it never sees, how advertising consent works and how to contact us about your data.`,
      lead: t(i18n)`What we store, why, for how long, and what we never see.`,
      source: 'pages/privacy-policy',
      layout: 'article',
      updated: legalUpdated,
    },
    {
      path: '/terms-of-service',
      heading: t(i18n)`Terms of Service`,
      title: t(i18n)`Terms of Service`,
      description: t(
        i18n,
      )`The rules for using CodeDrop: acceptable content, automatic deletion, no guarantees of availability, and how to reach support.`,
      lead: t(i18n)`The rules for using CodeDrop, in plain language.`,
      source: 'pages/terms-of-service',
      layout: 'article',
      updated: legalUpdated,
    },
  ];
}

/** The landing page renders its own title; these are its other search details. */
export function landingMeta(i18n: I18n) {
  return {
    shareTitle: t(i18n)`CodeDrop: anonymous temporary sharing`,
    description: t(
      i18n,
    )`Share text, notes and files anonymously with a short numeric code. No registration, optional in-browser encryption, everything deleted within 24 hours.`,
  };
}

/** The page at `path`, worded for `limits` in the locale of `i18n`. */
export function contentPage(path: string, limits: Limits, i18n: I18n): ContentPageEntry {
  const page = contentPagesFor(limits, i18n).find((entry) => entry.path === path);
  if (!page) throw new Error(`No content page at ${path}`);
  return page;
}
