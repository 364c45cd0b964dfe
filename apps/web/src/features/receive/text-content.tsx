import { assertNever, type TextShareType } from '@codedrop/contract';
import { ClipboardContent } from './clipboard-content';
import { NoteContent } from './note-content';

/** A text share's content as its kind shows it: plain text, or a formatted note. */
export function TextContent({ type, content }: { type: TextShareType; content: string }) {
  switch (type) {
    case 'clipboard':
      return <ClipboardContent text={content} />;
    case 'notepad':
      return <NoteContent html={content} />;
    default:
      return assertNever(type);
  }
}
