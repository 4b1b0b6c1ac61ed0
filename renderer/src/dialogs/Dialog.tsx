import { useId, useRef, type ReactNode } from 'react';
import { useFocusTrap } from './use-focus-trap.js';
import './dialogs.css';

export interface DialogProps {
  title: string;
  /** One line under the title; also the dialog's accessible description. */
  subtitle?: ReactNode;
  /** `drawer` slides in from the right (the sync panel); `modal` is centred. */
  variant?: 'modal' | 'drawer';
  testId: string;
  onClose: () => void;
  /** Buttons along the bottom edge, outside the scrolling body. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The frame every app-level dialog shares: role="dialog" with aria-modal,
 * labelled by its title and described by its subtitle, focus kept inside,
 * Escape or a click on the backdrop closes.
 */
export function Dialog({
  title,
  subtitle,
  variant = 'modal',
  testId,
  onClose,
  footer,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const subtitleId = useId();
  useFocusTrap(ref, onClose);

  return (
    <div
      className={`dialog-backdrop dialog-backdrop-${variant}`}
      onMouseDown={(event) => {
        // Only a press on the backdrop itself: a text selection dragged out of the dialog must not close it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        className={`dialog dialog-${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={subtitle ? subtitleId : undefined}
        tabIndex={-1}
        data-testid={testId}
      >
        <header className="dialog-header">
          <div>
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            {subtitle && (
              <p id={subtitleId} className="dialog-subtitle">
                {subtitle}
              </p>
            )}
          </div>
          <button
            type="button"
            className="icon-button"
            aria-label="Close"
            title="Close (Esc)"
            onClick={onClose}
            data-testid={`${testId}-close`}
          >
            ×
          </button>
        </header>
        <div className="dialog-body">{children}</div>
        {footer && <footer className="dialog-footer">{footer}</footer>}
      </div>
    </div>
  );
}
