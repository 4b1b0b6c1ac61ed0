/**
 * Names joined by commas, each isolated in its own <bdi> (see isolate-text.ts): one name's
 * right-to-left override cannot reorder the others or the commas between them.
 */
export function NameList({ names }: { names: readonly string[] }) {
  return (
    <>
      {names.map((name, index) => (
        <span key={index}>
          {index > 0 && ', '}
          <bdi>{name}</bdi>
        </span>
      ))}
    </>
  );
}
