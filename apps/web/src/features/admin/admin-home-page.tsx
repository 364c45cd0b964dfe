import { Alert } from '../../components/alert';
import { Container } from '../../components/container';
import { Spinner } from '../../components/spinner';
import { fetchOverview, fetchQueue } from '../../lib/api/admin-api';
import { AdminGate } from './admin-session';
import { problemText } from './problem-text';
import { ConsoleHeader } from './console-header';
import { OverviewFigures } from './overview-figures';
import { ReportQueue } from './report-queue';
import { useConsoleData } from './use-console-data';
import { useLocation } from 'react-router';

/** `/admin`: the figures and the report queue. */
export function AdminHomePage() {
  return (
    <AdminGate>
      <ConsoleHome />
    </AdminGate>
  );
}

function ConsoleHome() {
  const overview = useConsoleData(fetchOverview);
  const queue = useConsoleData(fetchQueue);
  // What an action on a share's page did, said once back on the queue.
  const done = (useLocation().state as { done?: string } | null)?.done;
  return (
    <Container className="py-10">
      <ConsoleHeader title="Admin console" />
      {done !== undefined && <Alert variant="success" title={done} className="mb-6" />}
      {overview.state.phase === 'ready' && <OverviewFigures overview={overview.state.data} />}
      {queue.state.phase === 'ready' && <ReportQueue entries={queue.state.data.entries} />}
      {(overview.state.phase === 'loading' || queue.state.phase === 'loading') && (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      )}
      {queue.state.phase === 'failed' && (
        <Alert variant="error" title={problemText(queue.state.problem)} />
      )}
    </Container>
  );
}
