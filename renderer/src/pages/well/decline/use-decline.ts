import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  DeclineFrequency,
  DeclineFitsGetResult,
  DeclineStream,
  SavedDeclineFit,
} from '#shared/desktop/index.js';
import type { IsoRange } from '../date-range.js';
import { send } from '#renderer/bridge/bridge.js';
import { declineQueries } from '#renderer/queries/decline-keys.js';
import {
  draftOf,
  editField,
  hasErrors,
  type ParameterDraft,
  type ParameterField,
} from './parameters.js';

/** Typing or dragging the b slider saves once the person pauses this long. */
export const SAVE_DELAY_MS = 600;

export type SaveState =
  { kind: 'idle' } | { kind: 'waiting' } | { kind: 'saving' } | { kind: 'error'; message: string };

/**
 * The well page's decline state for one stream: the saved fit (decline-fits-get), the
 * parameters being edited (kept here, so the curve and EUR follow every keystroke), the
 * debounced decline-fit-save of valid edits, "Fit" / "Refit" (decline-fit-run), and a
 * fit restored from the history (`adopt`).
 */
export function useDecline(projectId: string, wellId: string, stream: DeclineStream) {
  const client = useQueryClient();
  const fits = useQuery(declineQueries.fits(projectId, wellId));
  const settings = useQuery(declineQueries.settings(projectId));
  const fit = fits.data?.fits.find((candidate) => candidate.stream === stream) ?? null;

  // The edit in progress for a stream; without one the panel shows the saved fit.
  const [edit, setEdit] = useState<{ stream: DeclineStream; draft: ParameterDraft } | null>(null);
  const draft = edit?.stream === stream ? edit.draft : fit ? draftOf(fit.model) : null;
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [running, setRunning] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latestEdit = useRef(edit);
  useEffect(() => {
    latestEdit.current = edit;
  }, [edit]);

  const storeFit = useCallback(
    (saved: SavedDeclineFit) => {
      client.setQueryData<DeclineFitsGetResult>(
        declineQueries.fits(projectId, wellId).queryKey,
        (previous) => ({
          fits: [...(previous?.fits ?? []).filter((other) => other.stream !== saved.stream), saved],
        }),
      );
      // Every save is a new entry of the stream's fit history.
      void client.invalidateQueries({ queryKey: declineQueries.wellHistories(projectId, wellId) });
    },
    [client, projectId, wellId],
  );

  // A pending save belongs to the stream it was typed for; switching streams or wells drops it.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [stream, projectId, wellId],
  );

  const save = useCallback(
    async (base: SavedDeclineFit, next: ParameterDraft) => {
      setSaveState({ kind: 'saving' });
      try {
        const saved = await send('decline-fit-save', {
          projectId,
          wellId,
          stream: base.stream,
          frequency: base.frequency,
          window: base.window,
          anchorDate: base.anchorDate,
          model: next.model,
        });
        storeFit(saved);
        setSaveState({ kind: 'idle' });
        // Nothing typed since: show the saved parameters as saved.
        if (latestEdit.current?.draft === next) setEdit(null);
      } catch (error) {
        setSaveState({ kind: 'error', message: (error as Error).message });
      }
    },
    [projectId, wellId, storeFit, setEdit, setSaveState],
  );

  const editParameter = useCallback(
    (field: ParameterField, text: string) => {
      if (!fit || !draft) return;
      const next = editField(draft, field, text);
      setEdit({ stream, draft: next });
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (hasErrors(next)) {
        setSaveState({ kind: 'idle' });
        return;
      }
      setSaveState({ kind: 'waiting' });
      timer.current = setTimeout(() => {
        timer.current = null;
        void save(fit, next);
      }, SAVE_DELAY_MS);
    },
    [fit, draft, stream, save, setEdit, setSaveState],
  );

  const run = useCallback(
    async (frequency: DeclineFrequency, window?: IsoRange) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      setRunning(true);
      setRunError(null);
      try {
        const saved = await send('decline-fit-run', {
          projectId,
          wellId,
          stream,
          frequency,
          ...(window ? { window } : {}),
        });
        storeFit(saved);
        setEdit(null);
        setSaveState({ kind: 'idle' });
      } catch (error) {
        setRunError((error as Error).message);
      } finally {
        setRunning(false);
      }
    },
    [projectId, wellId, stream, storeFit, setEdit, setSaveState, setRunning, setRunError],
  );

  /** A fit saved elsewhere (a restore from the history) becomes what the panel shows. */
  const adopt = useCallback(
    (saved: SavedDeclineFit) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      storeFit(saved);
      setEdit(null);
      setSaveState({ kind: 'idle' });
    },
    [storeFit, setEdit, setSaveState],
  );

  const remove = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    try {
      await send('decline-fit-delete', { projectId, wellId, stream });
      client.setQueryData<DeclineFitsGetResult>(
        declineQueries.fits(projectId, wellId).queryKey,
        (previous) => ({
          fits: (previous?.fits ?? []).filter((other) => other.stream !== stream),
        }),
      );
      setEdit(null);
      void client.invalidateQueries({ queryKey: declineQueries.wellHistories(projectId, wellId) });
    } catch (error) {
      setRunError((error as Error).message);
    }
  }, [client, projectId, wellId, stream, setEdit, setRunError]);

  return {
    fits,
    fit,
    settings,
    draft,
    editParameter,
    saveState,
    run,
    running,
    runError,
    remove,
    adopt,
  };
}
