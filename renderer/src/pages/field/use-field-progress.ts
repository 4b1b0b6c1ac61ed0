import { useEffect, useState } from 'react';
import type { FieldProgress } from '#shared/desktop/index.js';
import { bridge } from '../../bridge/bridge.js';

/** The latest `field-progress` of a project's running field-totals. */
export function useFieldProgress(projectId: string): FieldProgress | null {
  const [progress, setProgress] = useState<FieldProgress | null>(null);
  useEffect(
    () =>
      bridge.on('field-progress', (event) => {
        if (event.projectId === projectId) setProgress(event);
      }),
    [projectId],
  );
  return progress;
}
