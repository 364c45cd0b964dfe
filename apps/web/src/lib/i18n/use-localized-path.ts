import { localizedPath } from '@codedrop/contract';
import { useLocale } from './locale-context';

/** The address of a page in the locale the visitor reads: `/faq` → `/de/faq`. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path) => (path.startsWith('/') ? localizedPath(locale, path) : path);
}
