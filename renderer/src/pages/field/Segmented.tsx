/** A row of toggle buttons choosing one of a few values (the well page's toolbar style). */
export function Segmented<T extends string>(props: {
  label: string;
  options: Array<[T, string]>;
  value: T;
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <div className="segmented" role="group" aria-label={props.label}>
      {props.options.map(([value, text]) => (
        <button
          key={value}
          type="button"
          aria-pressed={props.value === value}
          data-testid={`${props.testId}-${value}`}
          onClick={() => props.onChange(value)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
