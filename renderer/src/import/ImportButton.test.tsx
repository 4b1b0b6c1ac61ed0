import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImportButton } from './ImportButton.js';

/** The well page's import button offers every kind of file the importer reads. */
describe('ImportButton', () => {
  it('names CSV and Excel, and its file chooser offers workbooks beside CSV files', () => {
    const { container } = render(<ImportButton projectId="p_1" wellId="w_1" />);
    expect(screen.getByRole('button', { name: 'Import CSV or Excel…' })).toBeTruthy();
    const accepted = container.querySelector('input[type=file]')?.getAttribute('accept') ?? '';
    for (const extension of ['.csv', '.tsv', '.txt', '.xlsx', '.xlsm']) {
      expect(accepted.split(',')).toContain(extension);
    }
  });
});
