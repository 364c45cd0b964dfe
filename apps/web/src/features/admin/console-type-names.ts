import type { ConsoleType } from '@codedrop/contract';

/** What the console calls each kind of reported code. */
export const consoleTypeNames: Record<ConsoleType, string> = {
  clipboard: 'Text',
  notepad: 'Note',
  file: 'File',
  request: 'Request',
  room: 'Live room',
};
