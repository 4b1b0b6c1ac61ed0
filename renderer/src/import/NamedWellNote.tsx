import type { ImportNamedWell, ImportWellRouting } from '#shared/desktop/index.js';

/**
 * Where the rows of a file naming one well go, when it was opened on another
 * well: into this well (the note, and one click to match by the file's name
 * instead), by the file's name (and back), or, when the name is another well
 * of the project, the question of which.
 */
export function NamedWellNote(props: {
  namedWell: ImportNamedWell;
  disabled: boolean;
  onChoose: (routing: ImportWellRouting) => void;
}) {
  const { named, match, into, routing } = props.namedWell;
  if (routing === null) {
    return (
      <div
        className="callout callout-warn import-named-well"
        role="alert"
        data-testid="import-named-well"
      >
        <div>
          The file names <bdi>{named}</bdi>, another well of this project. Import its rows into:
        </div>
        <div className="import-named-well-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={props.disabled}
            onClick={() => props.onChoose('this-well')}
          >
            <bdi>{into.name}</bdi> (this well)
          </button>
          <button
            type="button"
            className="button"
            disabled={props.disabled}
            onClick={() => props.onChoose('by-name')}
          >
            <bdi>{match?.name ?? named}</bdi>
          </button>
        </div>
      </div>
    );
  }
  const intoHere = routing === 'this-well';
  return (
    <div className="callout import-named-well" role="status" data-testid="import-named-well">
      <span>
        {intoHere ? (
          <>
            The file names <bdi>{named}</bdi>; importing into <bdi>{into.name}</bdi>
          </>
        ) : (
          <>
            The file names <bdi>{named}</bdi>; its rows go to the well of that name
            {match ? '' : ', which this project does not have'}
          </>
        )}
      </span>{' '}
      <button
        type="button"
        className="button button-link"
        disabled={props.disabled}
        onClick={() => props.onChoose(intoHere ? 'by-name' : 'this-well')}
        data-testid="import-named-well-switch"
      >
        {intoHere ? 'Match by well name instead' : `Import into ${into.name} instead`}
      </button>
    </div>
  );
}
