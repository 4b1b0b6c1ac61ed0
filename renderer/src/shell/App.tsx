import { useEffect } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { AppDialogs } from '../dialogs/AppDialogs.js';
import { HomePage } from '../pages/HomePage.js';
import { ProjectPage } from '../pages/ProjectPage.js';
import { StoragePage } from '../pages/StoragePage.js';
import { WellPage } from '../pages/WellPage.js';
import { useCoreEvents } from '../queries/use-core-events.js';
import { useReplicaVisit } from '../replica/use-replica.js';
import { NoticeBanner } from './NoticeBanner.js';
import { OfflineBanner } from './OfflineBanner.js';
import { ReplicaStatusBar } from './ReplicaStatusBar.js';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.js';
import { Sidebar } from './Sidebar.js';
import { TopBar } from './TopBar.js';

const LAST_VIEW = 'flowline:last-view';

/**
 * Reopens the view of the last launch (project → wells → well) when the app starts on its
 * home page. Called once, before the first render: restoring later would fight the user's
 * own navigation.
 */
export function restoreLastView(): void {
  const last = localStorage.getItem(LAST_VIEW);
  const atHome = window.location.hash === '' || window.location.hash === '#/';
  if (atHome && last && last !== '/') {
    window.history.replaceState(window.history.state, '', `#${last}`);
  }
}

/** Remembers the view across launches (restoreLastView reopens it). */
function useLastView() {
  const [location] = useLocation();
  useEffect(() => {
    if (location !== '/') localStorage.setItem(LAST_VIEW, location);
  }, [location]);
}

function Shell() {
  useCoreEvents();
  useLastView();
  useReplicaVisit();
  return (
    <div className="shell">
      <SkipLink />
      <Sidebar />
      <div className="main">
        <TopBar />
        <NoticeBanner />
        <OfflineBanner />
        <main className="content" id={MAIN_CONTENT_ID} tabIndex={-1}>
          <Switch>
            <Route path="/projects/:projectId/wells/:wellId">
              {(params) => <WellPage projectId={params.projectId} wellId={params.wellId} />}
            </Route>
            <Route path="/projects/:projectId/quality">
              {(params) => <ProjectPage projectId={params.projectId} view="quality" />}
            </Route>
            <Route path="/projects/:projectId/map">
              {(params) => <ProjectPage projectId={params.projectId} view="map" />}
            </Route>
            <Route path="/projects/:projectId/overview">
              {(params) => <ProjectPage projectId={params.projectId} view="overview" />}
            </Route>
            <Route path="/projects/:projectId/compare">
              {(params) => <ProjectPage projectId={params.projectId} view="compare" />}
            </Route>
            <Route path="/projects/:projectId/variance">
              {(params) => <ProjectPage projectId={params.projectId} view="variance" />}
            </Route>
            <Route path="/projects/:projectId/lost-production">
              {(params) => <ProjectPage projectId={params.projectId} view="lost" />}
            </Route>
            <Route path="/projects/:projectId/events">
              {(params) => <ProjectPage projectId={params.projectId} view="events" />}
            </Route>
            <Route path="/projects/:projectId/changes">
              {(params) => <ProjectPage projectId={params.projectId} view="changes" />}
            </Route>
            <Route path="/projects/:projectId">
              {(params) => <ProjectPage projectId={params.projectId} />}
            </Route>
            <Route path="/storage">
              <StoragePage />
            </Route>
            <Route path="/">
              <HomePage />
            </Route>
            <Route>
              <section className="page muted">Nothing here. Pick a project on the left.</section>
            </Route>
          </Switch>
        </main>
      </div>
      <ReplicaStatusBar />
      <AppDialogs />
    </div>
  );
}

export function App() {
  return (
    <Router hook={useHashLocation}>
      <Shell />
    </Router>
  );
}
