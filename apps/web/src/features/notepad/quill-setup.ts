import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import Quill from 'quill';

/** docs/product.md#notepad: the notepad toolbar, exactly. */
export const toolbar = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['blockquote', 'code-block'],
  ['link'],
  ['clean'],
];

/** The formats of docs/product.md#notepad; Quill 2's `list` covers ordered and bullet lists. */
export const formats = [
  'header',
  'bold',
  'italic',
  'underline',
  'strike',
  'list',
  'blockquote',
  'code-block',
  'link',
];

/**
 * Links keep only these schemes (Quill's default also allows sms:, which docs/product.md#notepad
 * does not).
 */
export const linkProtocols = ['http', 'https', 'mailto', 'tel'];

let configured = false;

/** Narrows Quill's link format once, before the first editor is made. */
export function configureQuill(): void {
  if (configured) return;
  const Link = Quill.import('formats/link') as { PROTOCOL_WHITELIST: string[] };
  Link.PROTOCOL_WHITELIST = [...linkProtocols];
  configured = true;
}

/** The toolbar buttons' names, by format (and value, for lists). */
function buttonNames(i18n: I18n): Record<string, string> {
  return {
    bold: t(i18n)`Bold`,
    italic: t(i18n)`Italic`,
    underline: t(i18n)`Underline`,
    strike: t(i18n)`Strikethrough`,
    'list:ordered': t(i18n)`Numbered list`,
    'list:bullet': t(i18n)`Bulleted list`,
    blockquote: t(i18n)`Quote`,
    'code-block': t(i18n)`Code block`,
    link: t(i18n)`Link`,
    clean: t(i18n)`Clear formatting`,
  };
}

function headerNames(i18n: I18n): Record<string, string> {
  return {
    '1': t(i18n)`Heading 1`,
    '2': t(i18n)`Heading 2`,
    '3': t(i18n)`Heading 3`,
    '': t(i18n)`Normal text`,
  };
}

/**
 * Puts the page's words on Quill: the names its icon-only toolbar, header picker, link box
 * and editing area lack (for screen readers and axe), and the words the snow theme shows
 * from its stylesheet in English (note-editor.css reads them from these attributes).
 * Idempotent, so it can run again when the language changes.
 */
export function labelQuill(quill: Quill, i18n: I18n): void {
  const editorRoot = quill.root;
  const buttons = buttonNames(i18n);
  const headers = headerNames(i18n);
  const toolbarModule = quill.getModule('toolbar') as { container: HTMLElement } | undefined;
  // Without a toolbar the names go on an element nobody sees.
  const toolbarElement = toolbarModule?.container ?? document.createElement('div');
  toolbarElement.setAttribute('aria-label', t(i18n)`Formatting`);
  toolbarElement.querySelectorAll<HTMLButtonElement>('button').forEach((button) => {
    const format = [...button.classList].find((name) => name.startsWith('ql-'))?.slice(3);
    if (!format) return;
    const key = button.value ? `${format}:${button.value}` : format;
    const name = buttons[key];
    if (name) {
      button.setAttribute('aria-label', name);
      button.title = name;
    }
  });
  const headerName = (element: HTMLElement) => headers[element.dataset.value ?? ''] ?? headers['']!;
  // What the picker shows: the names, but the plain style is "Normal" (as Quill words it).
  const normal = t(i18n)({ message: 'Normal', context: 'The plain text style in the picker' });
  const shown = (element: HTMLElement) => (element.dataset.value ? headerName(element) : normal);
  toolbarElement.querySelectorAll<HTMLElement>('.ql-header .ql-picker-label').forEach((label) => {
    label.setAttribute('aria-label', t(i18n)`Text style`);
    // Quill copies an item's data-label to the label when it is picked; this is the first.
    label.dataset.label = shown(label);
  });
  toolbarElement.querySelectorAll<HTMLElement>('.ql-header .ql-picker-item').forEach((item) => {
    item.setAttribute('aria-label', headerName(item));
    item.dataset.label = shown(item);
  });
  editorRoot.setAttribute('aria-label', t(i18n)`Note`);
  editorRoot.dataset.placeholder = t(i18n)`Start writing your note here...`;
  const tooltip = editorRoot.parentElement?.querySelector<HTMLElement>('.ql-tooltip');
  if (!tooltip) return;
  tooltip.dataset.visitLabel = t(i18n)`Visit URL:`;
  tooltip.dataset.enterLinkLabel = t(i18n)`Enter link:`;
  tooltip.dataset.editLabel = t(i18n)`Edit`;
  tooltip.dataset.saveLabel = t(i18n)`Save`;
  tooltip.dataset.removeLabel = t(i18n)({ message: 'Remove', context: 'Remove the link' });
  tooltip
    .querySelectorAll<HTMLInputElement>('input')
    .forEach((input) => input.setAttribute('aria-label', t(i18n)`Link URL`));
}

/** Roles and keys Quill's editing area and link box lack; once, when the editor is made. */
export function makeQuillAccessible(quill: Quill): void {
  const editorRoot = quill.root;
  editorRoot.setAttribute('role', 'textbox');
  editorRoot.setAttribute('aria-multiline', 'true');
  // The note follows its own direction (a Hebrew note on an English page), as typed.
  editorRoot.setAttribute('dir', 'auto');
  // The link tooltip's Edit/Save and Remove are <a> elements without href: they act as
  // buttons, so they say so (a link without a destination is also a crawler's dead end)
  // and can be reached and pressed from the keyboard.
  editorRoot.parentElement
    ?.querySelectorAll<HTMLAnchorElement>('.ql-tooltip a.ql-action, .ql-tooltip a.ql-remove')
    .forEach((action) => {
      action.setAttribute('role', 'button');
      action.tabIndex = 0;
      action.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        action.click();
      });
    });
}
