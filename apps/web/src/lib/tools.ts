import { formatBytesCompact, formatCount, type PublicConfig } from '@codedrop/contract';
import { ClipboardList, FileText, Upload, type LucideIcon } from 'lucide-react';

/** The server's limits that the product's copy states (GET /api/config, lib/config-context). */
export type Limits = Pick<
  PublicConfig,
  'codeMinDigits' | 'maxTextChars' | 'maxFileBytes' | 'downloadLimit'
>;

/** The limits in the copy's words; with the shipped defaults, those of docs/product.md. */
export function limitWords(limits: Limits) {
  return {
    /** "4-digit code", inside sentences. */
    code: `${limits.codeMinDigits}-digit code`,
    /** "4-Digit Code", in headings and on buttons. */
    codeTitle: `${limits.codeMinDigits}-Digit Code`,
    /** "100,000 characters": the most a clipboard text may have. */
    characters: `${formatCount(limits.maxTextChars)} characters`,
    /** "50MB": the most a file share may carry. */
    maxFile: formatBytesCompact(limits.maxFileBytes),
    /** "from 1 to 100": the download limits a file share may have. */
    downloads: `from ${limits.downloadLimit.min} to ${limits.downloadLimit.max}`,
  };
}

export interface Tool {
  to: '/clipboard' | '/notepad' | '/file-share';
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

/** The three tools, once: every list of them and every page that names or describes them. */
export const tools: readonly Tool[] = [
  {
    to: '/clipboard',
    icon: ClipboardList,
    title: 'Anonymous Clipboard',
    navLabel: 'Clipboard',
    heading: 'Anonymous Clipboard',
    pageTitle: 'Anonymous Clipboard',
    open: 'Open Clipboard',
    start: 'Share Text',
    action: 'Share text',
    lead: (limits) =>
      `Paste text, get a ${limitWords(limits).code}, and open it on any device. No registration required.`,
    description: (limits) =>
      `Paste text or code, get a short code, and open it on any device. Up to ${limitWords(limits).characters}, optional encryption and burn after reading.`,
    pitch: (limits) =>
      `Paste text or code and share it with a short code. Up to ${limitWords(limits).characters}.`,
    teaser: () => 'Share text with a short code.',
  },
  {
    to: '/notepad',
    icon: FileText,
    title: 'Online Notepad',
    navLabel: 'Notepad',
    heading: 'Online Notepad',
    pageTitle: 'Online Notepad',
    open: 'Open Notepad',
    start: 'Write a Note',
    action: 'Write a note',
    lead: (limits) =>
      `Write a formatted note, get a ${limitWords(limits).code}, and read it on any device. No registration required.`,
    description: () =>
      'Write a formatted note with headings, lists, links and code blocks, then share it with a short code. No account, deleted within 24 hours.',
    pitch: () =>
      'Write formatted notes with headings, lists, links and code blocks, then share them.',
    teaser: () => 'Write and share a formatted note.',
  },
  {
    to: '/file-share',
    icon: Upload,
    title: 'File Sharing',
    navLabel: 'File Share',
    heading: 'Anonymous File Share',
    pageTitle: 'File Share',
    open: 'Share a File',
    start: 'Share a File',
    action: 'Send a file',
    lead: (limits) =>
      `Upload a file, get a ${limitWords(limits).code}, and let anyone with the code download it. No registration required.`,
    description: (limits) =>
      `Share a file up to ${limitWords(limits).maxFile} with a short code. Choose a download limit, add a password to encrypt it, and it deletes itself.`,
    pitch: (limits) =>
      `Upload a file up to ${limitWords(limits).maxFile} and choose how many times it can be downloaded.`,
    teaser: (limits) => `Send a file of up to ${limitWords(limits).maxFile}.`,
  },
];

export const toolAt = (to: Tool['to']): Tool => tools.find((tool) => tool.to === to)!;
