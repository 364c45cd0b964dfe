import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { filterCodeInput, isLookupCode } from '../../lib/code-input';
import { useConfig } from '../../lib/config-context';
import { useLocalizedPath } from '../../lib/i18n/use-localized-path';
import { useInteractive } from '../../lib/interactive';
import { Landing } from './landing';
import { RetrieveForm } from './retrieve-form';
import { useShareLookup, type LoadRequestView, type LoadRoomView } from './use-share-lookup';
import { loadedViewer } from './viewer-loader';

/**
 * `/`, `/{code}` and `/?code={code}`. A code in the URL is looked up and, when found,
 * shown in the viewer (a request's code in the view `loadRequestView` gives, a live room's
 * in the one `loadRoomView` gives: the app layer passes them, as features do not import
 * each other); submitting the form navigates to
 * `/{code}`, so typed codes and deep links take the same path and the browser's Back
 * button leaves the viewer.
 */
export function HomePage({
  loadRequestView,
  loadRoomView,
}: {
  loadRequestView?: LoadRequestView;
  loadRoomView?: LoadRoomView;
}) {
  const { codeMinDigits, codeMaxDigits } = useConfig();
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const localize = useLocalizedPath();

  // A `/{code}` link is served the landing page's markup (`/` with an empty form), and the
  // script adopts it as it is before showing the code and looking it up: rendering the page
  // afresh instead cost a phone's CPU the whole page's DOM and layout a second time.
  const interactive = useInteractive();
  const fromUrl = interactive ? (params.code ?? search.get('code') ?? '') : '';
  const code = isLookupCode(fromUrl, codeMinDigits, codeMaxDigits) ? fromUrl.trim() : undefined;
  const lookup = useShareLookup(code, location.key, loadRequestView, loadRoomView);
  const goHome = () => navigate(localize('/'));
  const ShareViewer = loadedViewer()?.ShareViewer;

  if (lookup.status === 'found' && ShareViewer !== undefined) {
    return <ShareViewer key={location.key} share={lookup.share} onExit={goHome} />;
  }
  if (lookup.status === 'request') {
    const { View } = lookup;
    return <View key={location.key} request={lookup.request} onExit={goHome} />;
  }
  if (lookup.status === 'room') {
    const { View } = lookup;
    return <View key={location.key} room={lookup.room} onExit={goHome} />;
  }
  return (
    <Landing
      retrieveForm={
        <RetrieveForm
          // The form starts again with the code once the page is adopted.
          key={`${location.key}:${fromUrl}`}
          initialCode={filterCodeInput(fromUrl, codeMaxDigits)}
          loading={lookup.status === 'loading'}
          error={lookup.status === 'failed' ? lookup.message : undefined}
          // A page in a language keeps it: `/de/{code}`; English has `/{code}`, as shared.
          onLookup={(typed) => navigate(localize(`/${typed}`))}
        />
      }
    />
  );
}
