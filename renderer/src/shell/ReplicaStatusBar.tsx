import { Link } from 'wouter';
import type { ReplicaStatus } from '#shared/desktop/index.js';
import { barChoice } from '../replica/bar-choice.js';
import { barSentence, progressOf } from '../replica/replica-text.js';
import { useJustCurrent } from '../replica/use-just-current.js';
import { useReplicaList } from '../replica/use-replica.js';
import '../pages/well/well.css';
import '../replica/replica.css';
import { formatCount, formatMoment } from './format.js';
import { isolateText } from './isolate-text.js';
import { ReplicaBarControls } from './ReplicaBarControls.js';
import './replica-status-bar.css';

/**
 * The shell's footer while a project is being kept on this computer: what is fetched of
 * it, Pause / Resume and Cancel; a quiet "as of" for a moment once it is whole. A row of
 * the shell's grid, so it never covers the page.
 */
export function ReplicaStatusBar() {
  const list = useReplicaList();
  const projects = list.data?.projects;
  const { shown, others } = barChoice(projects ?? []);
  const done = useJustCurrent(projects);
  const status = shown ?? done;
  return (
    <footer className="replica-bar" aria-label="On this computer" data-testid="replica-bar">
      {/* Said once per change of state; the counts move several times a second, which a
          screen reader would read out without end (they are in the progress bar's value). */}
      <span className="visually-hidden" aria-live="polite">
        {status ? announcement(status) : ''}
      </span>
      {status && <BarRow status={status} others={shown ? others : 0} />}
    </footer>
  );
}

function BarRow({ status, others }: { status: ReplicaStatus; others: number }) {
  const sentence = barSentence(status);
  const progress = progressOf(status);
  const quiet = status.state === 'current';
  return (
    <div className={`replica-bar-row${quiet ? ' replica-bar-quiet' : ''}`}>
      <span className="replica-bar-text" data-testid="replica-bar-text">
        {sentence.before}
        <bdi>{status.projectName}</bdi>
        {sentence.after}
      </span>
      {!quiet && (
        <div
          className="replica-bar-track"
          role="progressbar"
          aria-label="Wells on this computer"
          aria-valuemin={0}
          {...(progress
            ? {
                'aria-valuemax': progress.max,
                'aria-valuenow': progress.now,
                'aria-valuetext': `${formatCount(progress.now)} of ${formatCount(progress.max)} wells`,
              }
            : { 'aria-valuetext': 'listing wells' })}
        >
          <div
            className={`replica-bar-fill${progress ? '' : ' replica-bar-fill-unknown'}`}
            style={progress ? { width: `${(progress.now / progress.max) * 100}%` } : undefined}
          />
        </div>
      )}
      {status.rateLimitedUntil && !quiet && (
        <span className="replica-bar-note" data-testid="replica-bar-rate">
          Rate limited until {formatMoment(status.rateLimitedUntil)}
        </span>
      )}
      {others > 0 && (
        <span className="replica-bar-note">
          and {formatCount(others)} more project{others === 1 ? '' : 's'}
        </span>
      )}
      <Link href="/storage" className="replica-bar-link">
        On this computer
      </Link>
      {!quiet && <ReplicaBarControls key={status.projectId} status={status} />}
    </div>
  );
}

/** The sentence without its counts: what changed, not how far it got. */
function announcement(status: ReplicaStatus): string {
  // Plain text: the name isolated as <bdi> does on the page.
  const name = isolateText(status.projectName);
  switch (status.state) {
    case 'running':
      return `Keeping ${name} on this computer.`;
    case 'queued':
      return `${name} waits to be kept on this computer.`;
    case 'paused':
      return `Keeping ${name} on this computer is paused.`;
    case 'offline':
      return `Keeping ${name} on this computer waits for the server.`;
    case 'failed':
      return `Keeping ${name} on this computer stopped: ${status.error?.message ?? 'an error'}`;
    case 'current':
    case 'not-kept':
      return `${barSentence(status).before}${name}${barSentence(status).after}.`;
  }
}
