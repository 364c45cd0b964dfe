import type { RouteObject } from 'react-router';
import { useParams } from 'react-router';
import {
  BlogListPage,
  BlogPostPage,
  findPublishedPost,
  InfoPageView,
  infoPages,
} from '../features/content/pages';
import { HomePage } from '../features/receive/home-page';
import { isLookupCode } from '../lib/code-input';
import { useConfig } from '../lib/config-context';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';

/** `/{code}` is a deep link only when it is a code; any other single segment is a 404. */
function CodeRoute() {
  const { code = '' } = useParams();
  const { codeMinDigits, codeMaxDigits } = useConfig();
  return isLookupCode(code, codeMinDigits, codeMaxDigits) ? <HomePage /> : <NotFoundPage />;
}

function BlogPostRoute() {
  const post = findPublishedPost(useParams().slug);
  return post ? <BlogPostPage post={post} /> : <NotFoundPage />;
}

/** SPEC.md §2's route table. No errorElement: the router's default reads "Unexpected Application Error!". */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'clipboard',
        lazy: async () => ({
          Component: (await import('../features/clipboard/clipboard-page')).ClipboardPage,
        }),
      },
      {
        path: 'notepad',
        lazy: async () => ({
          Component: (await import('../features/notepad/notepad-page')).NotepadPage,
        }),
      },
      {
        path: 'file-share',
        lazy: async () => ({
          Component: (await import('../features/files/file-share-page')).FileSharePage,
        }),
      },
      ...infoPages.map((page) => ({
        path: page.path.slice(1),
        element: <InfoPageView page={page} />,
      })),
      { path: 'blog', element: <BlogListPage /> },
      { path: 'blog/:slug', element: <BlogPostRoute /> },
      { path: ':code', element: <CodeRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
