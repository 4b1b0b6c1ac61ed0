import { useEffect } from 'react';

/**
 * While a report preview is open it is what prints: the body's `report-open` class hides the
 * app in print (report.css), the page's title names the PDF, and Escape closes the preview.
 * Both reports (the well's, the morning report) open this way.
 */
export function useReportDocument(title: string, onClose: () => void): void {
  useEffect(() => {
    const previous = document.title;
    document.body.classList.add('report-open');
    document.title = title;
    return () => {
      document.body.classList.remove('report-open');
      document.title = previous;
    };
  }, [title]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
}
