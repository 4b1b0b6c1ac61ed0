import type { MouseEvent } from 'react';
import './skip-link.css';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the first tab stop, shown only while focused, so a keyboard or
 * screen-reader user reaches the page without passing the sidebar's projects and the top
 * bar. The app routes by the URL's hash, so following `#main-content` would leave the
 * page: the link moves focus itself instead (the href stays for what a link announces).
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to main content
    </a>
  );
}
