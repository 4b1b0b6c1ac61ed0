import type { ConnectionVerdict } from '../../sync/connection-messages.js';

/** The outcome of a connection test or save, in plain words, cause and reference underneath. */
export function VerdictBox({ verdict }: { verdict: ConnectionVerdict }) {
  return (
    <div
      className={`verdict ${verdict.ok ? 'verdict-ok' : 'verdict-bad'}`}
      role={verdict.ok ? 'status' : 'alert'}
      data-testid="connection-result"
      data-ok={verdict.ok}
    >
      <span className="verdict-mark" aria-hidden="true">
        {verdict.ok ? '✓' : '!'}
      </span>
      <div>
        <div className="verdict-headline">{verdict.headline}</div>
        {verdict.advice && <div className="verdict-advice">{verdict.advice}</div>}
        {verdict.detail && <div className="verdict-detail">{verdict.detail}</div>}
        {verdict.reference && <div className="verdict-detail mono">{verdict.reference}</div>}
      </div>
    </div>
  );
}
