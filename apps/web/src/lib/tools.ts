import { ClipboardList, FileText, Upload, type LucideIcon } from 'lucide-react';

export interface Tool {
  to: '/clipboard' | '/notepad' | '/file-share';
  icon: LucideIcon;
  /** Its name on cards and in the footer. */
  title: string;
  /** Its name in the header. */
  navLabel: string;
  /** The landing card's button. */
  open: string;
  /** The landing page's buttons beside the code form. */
  start: string;
  /** The button of the content pages' closing call to action. */
  action: string;
}

/** The three tools, once: every list of them (header, footer, cards, calls to action). */
export const tools: readonly Tool[] = [
  {
    to: '/clipboard',
    icon: ClipboardList,
    title: 'Anonymous Clipboard',
    navLabel: 'Clipboard',
    open: 'Open Clipboard',
    start: 'Share Text',
    action: 'Share text',
  },
  {
    to: '/notepad',
    icon: FileText,
    title: 'Online Notepad',
    navLabel: 'Notepad',
    open: 'Open Notepad',
    start: 'Write a Note',
    action: 'Write a note',
  },
  {
    to: '/file-share',
    icon: Upload,
    title: 'File Sharing',
    navLabel: 'File Share',
    open: 'Share a File',
    start: 'Share a File',
    action: 'Send a file',
  },
];

export const toolAt = (to: Tool['to']): Tool => tools.find((tool) => tool.to === to)!;
