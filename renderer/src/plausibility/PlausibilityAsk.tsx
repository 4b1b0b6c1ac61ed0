import type { PlausibilityWarning } from '#shared/production/index.js';
import { Dialog } from '../dialogs/Dialog.js';
import { PlausibilityList } from './PlausibilityList.js';

/**
 * The one question before saving values that look wrong: the API allows them, so the
 * engineer decides. "Go back" (also Escape) is the default, as nothing is saved by it.
 */
export function PlausibilityAsk({
  warnings,
  onSave,
  onBack,
}: {
  warnings: readonly PlausibilityWarning[];
  onSave: () => void;
  onBack: () => void;
}) {
  const one = warnings.length === 1;
  return (
    <Dialog
      title={one ? 'This value looks wrong' : 'These values look wrong'}
      subtitle="Allowed, but unlike anything a well reports. Save anyway, or go back and correct it."
      testId="plausibility-ask"
      onClose={onBack}
      footer={
        <>
          <span className="spacer" />
          <button
            type="button"
            className="button"
            onClick={onBack}
            data-autofocus
            data-testid="plausibility-back"
          >
            Go back
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={onSave}
            data-testid="plausibility-save"
          >
            Save anyway
          </button>
        </>
      }
    >
      <PlausibilityList warnings={warnings} />
    </Dialog>
  );
}
