import { createContext, useContext } from 'react';
import { sourceLocale } from '@codedrop/contract';

/** The locale the page is shown in (app/locale-scope.tsx sets it). */
export const LocaleContext = createContext<string>(sourceLocale);

export function useLocale(): string {
  return useContext(LocaleContext);
}
