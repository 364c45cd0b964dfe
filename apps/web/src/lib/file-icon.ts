import {
  File,
  FileArchive,
  FileAudio,
  FileImage,
  FileText,
  FileVideo,
  type LucideIcon,
} from 'lucide-react';
import { declaredKind, type FileKind } from './file-kind';

const icons: Record<FileKind, LucideIcon> = {
  image: FileImage,
  pdf: FileText,
  text: FileText,
  audio: FileAudio,
  video: FileVideo,
  archive: FileArchive,
  other: File,
};

/** The icon of a file in a list (picked or received), from what it declares itself to be. */
export function fileIcon(file: { name: string; type: string }): LucideIcon {
  return icons[declaredKind(file.name, file.type)];
}
