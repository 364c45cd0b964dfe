import { Trans } from '@lingui/react/macro';
import type { BlogPost } from './catalog';

/** "6 min read", in the reader's language (the catalog keeps the English form). */
export function ReadingTime({ post }: { post: BlogPost }) {
  const minutes = Number.parseInt(post.readingTime, 10);
  return <Trans>{minutes} min read</Trans>;
}
