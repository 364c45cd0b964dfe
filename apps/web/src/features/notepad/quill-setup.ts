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

const buttonNames: Record<string, string> = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strikethrough',
  'list:ordered': 'Numbered list',
  'list:bullet': 'Bulleted list',
  blockquote: 'Quote',
  'code-block': 'Code block',
  link: 'Link',
  clean: 'Clear formatting',
};

const headerNames: Record<string, string> = {
  '1': 'Heading 1',
  '2': 'Heading 2',
  '3': 'Heading 3',
  '': 'Normal text',
};

/**
 * Gives Quill's icon-only toolbar, its header picker, link box and editing area the
 * accessible names it lacks, so screen readers (and axe) can tell them apart.
 */
export function labelQuill(toolbarElement: HTMLElement, editorRoot: HTMLElement): void {
  toolbarElement.setAttribute('aria-label', 'Formatting');
  toolbarElement.querySelectorAll<HTMLButtonElement>('button').forEach((button) => {
    const format = [...button.classList].find((name) => name.startsWith('ql-'))?.slice(3);
    if (!format) return;
    const key = button.value ? `${format}:${button.value}` : format;
    const name = buttonNames[key];
    if (name) {
      button.setAttribute('aria-label', name);
      button.title = name;
    }
  });
  toolbarElement
    .querySelectorAll<HTMLElement>('.ql-header .ql-picker-label')
    .forEach((label) => label.setAttribute('aria-label', 'Text style'));
  toolbarElement
    .querySelectorAll<HTMLElement>('.ql-header .ql-picker-item')
    .forEach((item) =>
      item.setAttribute('aria-label', headerNames[item.dataset.value ?? ''] ?? 'Normal text'),
    );
  editorRoot.setAttribute('role', 'textbox');
  editorRoot.setAttribute('aria-multiline', 'true');
  editorRoot.setAttribute('aria-label', 'Note');
  editorRoot.parentElement
    ?.querySelectorAll<HTMLInputElement>('.ql-tooltip input')
    .forEach((input) => input.setAttribute('aria-label', 'Link URL'));
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
