/** Where an import goes, and which drags carry files: pure, for the drop zone and the menu. */

export interface ImportTarget {
  projectId?: string | undefined;
  wellId?: string | undefined;
}

/** The project and well of a hash location (`/projects/p1/wells/w2`), as the router knows it. */
export function targetOfLocation(location: string): ImportTarget {
  const match = /^\/projects\/([^/]+)(?:\/wells\/([^/]+))?/.exec(location);
  if (!match) return {};
  return {
    projectId: decodeURIComponent(match[1]!),
    ...(match[2] ? { wellId: decodeURIComponent(match[2]) } : {}),
  };
}

/** A drag that carries files (not text or a link dragged within the page). */
export function dragHasFiles(types: readonly string[] | DOMStringList): boolean {
  return Array.from(types as ArrayLike<string>).includes('Files');
}
