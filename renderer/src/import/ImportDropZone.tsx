import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { dragHasFiles, type ImportTarget } from './import-target.js';
import { importPageFile } from './start-import.js';

/**
 * The well page as a drop target: a file dragged over it lights the page up,
 * and a dropped file opens the import dialog for this well. Drags of text or
 * of elements within the page are left alone.
 */
export function ImportDropZone(props: ImportTarget & { wellName: string; children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them.
  const depth = useRef(0);

  const enter = (event: DragEvent) => {
    if (!dragHasFiles(event.dataTransfer.types)) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const over = (event: DragEvent) => {
    if (!dragHasFiles(event.dataTransfer.types)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const leave = (event: DragEvent) => {
    if (!dragHasFiles(event.dataTransfer.types)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const drop = (event: DragEvent) => {
    if (!dragHasFiles(event.dataTransfer.types)) return;
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void importPageFile(file, props);
  };

  return (
    <div
      className={`import-drop-zone${dragging ? ' is-dragging' : ''}`}
      data-testid="import-drop-zone"
      data-dragging={dragging}
      onDragEnter={enter}
      onDragOver={over}
      onDragLeave={leave}
      onDrop={drop}
    >
      {props.children}
      {dragging && (
        <div className="import-drop-overlay" aria-hidden="true">
          <div className="import-drop-card">
            <span className="import-drop-icon">⇪</span>
            <strong>Drop a CSV file or an Excel workbook to import it</strong>
            <span>
              into <bdi>{props.wellName}</bdi>
            </span>
          </div>
        </div>
      )}
    </div>
  );
}
