import type { PublicConfig } from '@codedrop/contract';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ClipboardList, FileText, Inbox, Upload, type LucideIcon } from 'lucide-react';
import { characterCount } from './i18n/character-count';
import { formatBytesCompactIn } from './i18n/format-numbers';

/** The server's limits that the product's copy states (GET /api/config, lib/config-context). */
export type Limits = Pick<
  PublicConfig,
  'codeMinDigits' | 'maxTextChars' | 'maxFileBytes' | 'downloadLimit'
>;

/**
 * The limits in the copy's words, in the locale of `i18n`; in English with the shipped
 * defaults, those of docs/product.md.
 */
export function limitWords(limits: Limits, i18n: I18n) {
  const digits = limits.codeMinDigits;
  const { min, max } = limits.downloadLimit;
  return {
    /** "4-digit code", inside sentences. */
    code: t(i18n)`${digits}-digit code`,
    /** "4-Digit Code", in headings and on buttons. */
    codeTitle: t(i18n)`${digits}-Digit Code`,
    /** "100,000 characters": the most a clipboard text may have. */
    characters: characterCount(limits.maxTextChars, i18n),
    /** "50MB": the most a file share may carry. */
    maxFile: formatBytesCompactIn(i18n.locale, limits.maxFileBytes),
    /** "from 1 to 100": the download limits a file share may have. */
    downloads: t(i18n)`from ${min} to ${max}`,
  };
}

export type ToolPath = '/clipboard' | '/notepad' | '/file-share' | '/request';

export interface Tool {
  to: ToolPath;
  icon: LucideIcon;
  /** Its name on cards and in the footer. */
  title: string;
  /** Its name in the header. */
  navLabel: string;
  /** Its page's h1. */
  heading: string;
  /** Its page's document title (before " — CodeDrop"), and its card's title on the 404 page. */
  pageTitle: string;
  /** The landing card's button. */
  open: string;
  /** The landing page's buttons beside the code form. */
  start: string;
  /** The button of the content pages' closing call to action. */
  action: string;
  /** The sentence under its page's heading. */
  lead(limits: Limits): string;
  /** Its page's meta description, for search engines and link previews. */
  description(limits: Limits): string;
  /** Its card on the landing page. */
  pitch(limits: Limits): string;
  /** Its card on the 404 page. */
  teaser(limits: Limits): string;
}

/** The tools' addresses and icons, the same in every language. */
export const toolPaths: readonly { to: ToolPath; icon: LucideIcon }[] = [
  { to: '/clipboard', icon: ClipboardList },
  { to: '/notepad', icon: FileText },
  { to: '/file-share', icon: Upload },
  { to: '/request', icon: Inbox },
];

/**
 * The request page: a tool of its own (the header, the footer, the site plan), though not a
 * way to share, so the pages that offer the three ways to share leave it out.
 */
function requestToolOf(i18n: I18n): Tool {
  const words = (limits: Limits) => limitWords(limits, i18n);
  return {
    to: '/request',
    icon: Inbox,
    title: t(i18n)`File & Text Requests`,
    navLabel: t(i18n)`Request`,
    heading: t(i18n)`Request Files or Text`,
    pageTitle: t(i18n)`Request Files`,
    open: t(i18n)`Create a Request`,
    start: t(i18n)`Request Files`,
    action: t(i18n)`Request files`,
    lead: (limits) => {
      const code = words(limits).code;
      return t(
        i18n,
      )`Get a ${code} that anyone can send files or text to, encrypted so that only you can open them.`;
    },
    description: () =>
      t(
        i18n,
      )`Ask anyone for files or text with a short code. They are encrypted in the sender's browser to your key, so only you can open them.`,
    pitch: () => t(i18n)`Let anyone send you files or text that only you can open.`,
    teaser: () => t(i18n)`Receive files or text, encrypted to you.`,
  };
}

function toolsOf(i18n: I18n): readonly Tool[] {
  const words = (limits: Limits) => limitWords(limits, i18n);
  return [
    {
      to: '/clipboard',
      icon: ClipboardList,
      title: t(i18n)`Anonymous Clipboard`,
      navLabel: t(i18n)`Clipboard`,
      heading: t(i18n)`Anonymous Clipboard`,
      pageTitle: t(i18n)`Anonymous Clipboard`,
      open: t(i18n)`Open Clipboard`,
      start: t(i18n)`Share Text`,
      action: t(i18n)`Share text`,
      lead: (limits) => {
        const code = words(limits).code;
        return t(
          i18n,
        )`Paste text, get a ${code}, and open it on any device. No registration required.`;
      },
      description: (limits) => {
        const characters = words(limits).characters;
        return t(
          i18n,
        )`Paste text or code, get a short code, and open it on any device. Up to ${characters}, optional encryption and burn after reading.`;
      },
      pitch: (limits) => {
        const characters = words(limits).characters;
        return t(i18n)`Paste text or code and share it with a short code. Up to ${characters}.`;
      },
      teaser: () => t(i18n)`Share text with a short code.`,
    },
    {
      to: '/notepad',
      icon: FileText,
      title: t(i18n)`Online Notepad`,
      navLabel: t(i18n)`Notepad`,
      heading: t(i18n)`Online Notepad`,
      pageTitle: t(i18n)`Online Notepad`,
      open: t(i18n)`Open Notepad`,
      start: t(i18n)`Write a Note`,
      action: t(i18n)`Write a note`,
      lead: (limits) => {
        const code = words(limits).code;
        return t(
          i18n,
        )`Write a formatted note, get a ${code}, and read it on any device. No registration required.`;
      },
      description: () =>
        t(
          i18n,
        )`Write a formatted note with headings, lists, links and code blocks, then share it with a short code. No account, deleted within 24 hours.`,
      pitch: () =>
        t(
          i18n,
        )`Write formatted notes with headings, lists, links and code blocks, then share them.`,
      teaser: () => t(i18n)`Write and share a formatted note.`,
    },
    {
      to: '/file-share',
      icon: Upload,
      title: t(i18n)`File Sharing`,
      navLabel: t(i18n)`File Share`,
      heading: t(i18n)`Anonymous File Share`,
      pageTitle: t(i18n)`File Share`,
      open: t(i18n)`Share a File`,
      start: t(i18n)`Share a File`,
      action: t(i18n)`Send a file`,
      lead: (limits) => {
        const code = words(limits).code;
        return t(
          i18n,
        )`Upload a file, get a ${code}, and let anyone with the code download it. No registration required.`;
      },
      description: (limits) => {
        const maxFile = words(limits).maxFile;
        return t(
          i18n,
        )`Share a file up to ${maxFile} with a short code. Choose a download limit, add a password to encrypt it, and it deletes itself.`;
      },
      pitch: (limits) => {
        const maxFile = words(limits).maxFile;
        return t(
          i18n,
        )`Upload a file up to ${maxFile} and choose how many times it can be downloaded.`;
      },
      teaser: (limits) => {
        const maxFile = words(limits).maxFile;
        return t(i18n)`Send a file of up to ${maxFile}.`;
      },
    },
  ];
}

const byCatalog = new WeakMap<I18n, { sharing: readonly Tool[]; all: readonly Tool[] }>();

function catalogOf(i18n: I18n) {
  let tools = byCatalog.get(i18n);
  if (tools === undefined) {
    const sharing = toolsOf(i18n);
    tools = { sharing, all: [...sharing, requestToolOf(i18n)] };
    byCatalog.set(i18n, tools);
  }
  return tools;
}

/** The three ways to share, once per language: the pages that offer them name these. */
export function toolsIn(i18n: I18n): readonly Tool[] {
  return catalogOf(i18n).sharing;
}

/** Every tool page, requests included: the header's navigation and the footer's services. */
export function allToolsIn(i18n: I18n): readonly Tool[] {
  return catalogOf(i18n).all;
}

/** The tools in the language of the page being rendered. */
export function useTools(): readonly Tool[] {
  return toolsIn(useLingui().i18n);
}

export function useTool(to: ToolPath): Tool {
  return allToolsIn(useLingui().i18n).find((tool) => tool.to === to)!;
}
