import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { bridge } from '../bridge/bridge.js';
import { targetOfLocation } from './import-target.js';
import { importGranted } from './start-import.js';

/** File ▸ Import CSV… (Electron): the chosen file is imported into the project or well on screen. */
export function useImportMenu(): void {
  const [location] = useLocation();
  const current = useRef(location);
  current.current = location;
  useEffect(
    () =>
      bridge.native.onImportFile((file) => importGranted(file, targetOfLocation(current.current))),
    [],
  );
}
