import type { ImportWorkbook } from '#shared/desktop/index.js';

/** The sheet of a workbook to import, when it has more than one; sheets without data say so. */
export function SheetChoice(props: {
  workbook: ImportWorkbook;
  disabled: boolean;
  onChange: (sheet: string) => void;
}) {
  const { workbook } = props;
  if (workbook.sheets.length < 2) return null;
  return (
    <label className="import-sheet-choice">
      <span>Sheet</span>
      <select
        className="select"
        value={workbook.sheet}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid="import-sheet"
      >
        {workbook.sheets.map((sheet) => (
          <option key={sheet.name} value={sheet.name}>
            {sheet.name}
            {sheet.hasData ? '' : ' (no data)'}
            {sheet.hidden ? ' (hidden)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
