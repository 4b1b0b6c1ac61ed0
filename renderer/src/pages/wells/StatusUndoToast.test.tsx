import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { wellView } from '../../testing/fixtures.js';
import { bridge, renderApp } from '../../testing/render.js';
import { StatusCell } from './StatusCell.js';
import { StatusUndoToast } from './StatusUndoToast.js';

describe('a status change in the table can be taken back', () => {
  it('offers Undo after the change, and Ctrl+Z queues the old status back', async () => {
    const well = wellView({ id: 'w_1', name: 'Brushy Draw 10-2H', status: 'active' });
    bridge().answer('well-update', ({ patch }) => ({
      well: { ...well, status: patch.status ?? well.status, syncState: 'pending' },
      outboxSeq: 1,
    }));
    const { user } = renderApp(
      <>
        <StatusUndoToast projectId="prj_permian" />
        <StatusCell well={well} projectId="prj_permian" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: /Status of Brushy Draw 10-2H: Active/ }));
    await user.selectOptions(screen.getByLabelText('Status of Brushy Draw 10-2H'), 'shut_in');

    const toast = await screen.findByTestId('status-toast');
    expect(toast.textContent).toContain('Status of Brushy Draw 10-2H: Active → Shut in.');
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(screen.queryByTestId('status-toast')).toBeNull());
    expect(bridge().callsOf('well-update')).toEqual([
      { projectId: 'prj_permian', wellId: 'w_1', patch: { status: 'shut_in' } },
      { projectId: 'prj_permian', wellId: 'w_1', patch: { status: 'active' } },
    ]);
  });
});
