import { useRef, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';

export type ProjectView =
  'wells' | 'quality' | 'map' | 'overview' | 'compare' | 'variance' | 'lost' | 'events' | 'changes';

const TABS: Array<{ view: ProjectView; label: string; path: string }> = [
  { view: 'wells', label: 'Wells', path: '' },
  { view: 'quality', label: 'Data quality', path: '/quality' },
  { view: 'map', label: 'Map', path: '/map' },
  { view: 'overview', label: 'Overview', path: '/overview' },
  { view: 'compare', label: 'Compare', path: '/compare' },
  { view: 'variance', label: 'Variance', path: '/variance' },
  { view: 'lost', label: 'Lost production', path: '/lost-production' },
  { view: 'events', label: 'Events', path: '/events' },
  { view: 'changes', label: 'Changes', path: '/changes' },
];

const KEY_STEPS: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };

export const tabId = (view: ProjectView) => `project-tab-${view}`;
export const PROJECT_PANEL_ID = 'project-panel';

/**
 * A project's views as a tab list (the WAI-ARIA tabs pattern): one tab stop, the arrow
 * keys, Home and End move between tabs and open the one reached, as a click does. Each
 * tab keeps its own address, so a view can be bookmarked, reloaded and gone back to.
 */
export function ProjectTabs({ projectId, view }: { projectId: string; view: ProjectView }) {
  const [, navigate] = useLocation();
  const tabs = useRef<Array<HTMLAnchorElement | null>>([]);
  const hrefOf = (index: number) =>
    `/projects/${encodeURIComponent(projectId)}${TABS[index]!.path}`;
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = TABS.length - 1;
    const step = KEY_STEPS[event.key];
    let next: number;
    if (step !== undefined) next = (index + step + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else return;
    event.preventDefault();
    navigate(hrefOf(next));
    tabs.current[next]?.focus();
  };
  return (
    <div className="project-tabs" role="tablist" aria-label="Project views">
      {TABS.map((tab, index) => {
        const selected = tab.view === view;
        return (
          <Link
            key={tab.view}
            ref={(element: HTMLAnchorElement | null) => {
              tabs.current[index] = element;
            }}
            href={hrefOf(index)}
            role="tab"
            id={tabId(tab.view)}
            aria-selected={selected}
            aria-controls={selected ? PROJECT_PANEL_ID : undefined}
            tabIndex={selected ? 0 : -1}
            onKeyDown={(event: KeyboardEvent) => onKeyDown(event, index)}
            data-testid={`tab-${tab.view}`}
          >
            {tab.label}
          </Link>
        );
      })}
    </div>
  );
}
