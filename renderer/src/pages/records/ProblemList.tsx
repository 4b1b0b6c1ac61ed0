import type { CellProblem } from './grid-model.js';

const SHOWN = 12;

/** Why an edit or a paste was refused: each problem with its day; nothing was saved. */
export function ProblemList({
  problems,
  onDismiss,
}: {
  problems: CellProblem[];
  onDismiss: () => void;
}) {
  if (problems.length === 0) return null;
  return (
    <div className="grid-problems" role="alert" data-testid="grid-problems">
      <div className="grid-problems-head">
        <strong>
          Not saved:{' '}
          {problems.length === 1 ? 'one value breaks' : `${problems.length} values break`} the rules
        </strong>
        <button type="button" className="link-button" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      <ul>
        {problems.slice(0, SHOWN).map((problem, index) => (
          <li key={index}>
            <span className="mono">{problem.date}</span> {problem.message}
          </li>
        ))}
        {problems.length > SHOWN && <li>…and {problems.length - SHOWN} more</li>}
      </ul>
    </div>
  );
}
