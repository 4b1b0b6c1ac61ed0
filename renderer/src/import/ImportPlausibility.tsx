import { useEffect, useRef } from 'react';
import { MAX_PREVIEW_PLAUSIBILITY, type ImportPreviewResult } from '#shared/desktop/index.js';
import { PlausibilityList } from '../plausibility/PlausibilityList.js';
import { plural } from './summary-text.js';

/**
 * The rows' values that the API allows but that look wrong, each with its line, day and
 * reason. They are imported (nothing is refused for looking wrong); the commit asks once.
 */
export function ImportPlausibility({ preview }: { preview: ImportPreviewResult }) {
  const warnings = preview.plausibility ?? [];
  if (warnings.length === 0) return null;
  const count =
    warnings.length >= MAX_PREVIEW_PLAUSIBILITY
      ? `${MAX_PREVIEW_PLAUSIBILITY.toLocaleString('en-US')} or more values look`
      : warnings.length === 1
        ? 'One value looks'
        : `${plural(warnings.length, 'value')} look`;
  return (
    <div className="callout callout-warn import-plausibility" data-testid="import-plausibility">
      <div>
        <strong>{count} wrong</strong>{' '}
        <span>— allowed, so they will be imported if you confirm; correct the file if not.</span>
        <PlausibilityList warnings={warnings} lineOf={(warning) => warning.line} />
      </div>
    </div>
  );
}

/**
 * Instead of the commit button once it was pressed with values that look wrong: the one
 * question, with "Go back" taking the keyboard from the button it replaced.
 */
export function ImportAsk(props: { days: string; onImport: () => void; onBack: () => void }) {
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  return (
    <span className="import-ask" role="alert" data-testid="import-ask">
      <span>Import the values that look wrong?</span>
      <button
        ref={back}
        type="button"
        className="button"
        onClick={props.onBack}
        data-testid="import-ask-back"
      >
        Go back
      </button>
      <button
        type="button"
        className="button button-primary"
        onClick={props.onImport}
        data-testid="import-ask-import"
      >
        Import anyway ({props.days})
      </button>
    </span>
  );
}
