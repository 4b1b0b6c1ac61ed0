import { useEffect, useEffectEvent } from 'react';
import { useLocation } from 'wouter';
import { bridge } from '../bridge/bridge.js';
import { targetOfLocation } from './import-target.js';
import { importGranted } from './start-import.js';

/** File ▸ Import CSV or Excel… (Electron): the chosen file is imported into the project or well on screen. */
export function useImportMenu(): void {
  const [location] = useLocation();
  // Reads the location when a file arrives; the listener itself is attached once.
  const onFile = useEffectEvent((file: Parameters<typeof importGranted>[0]) =>
    importGranted(file, targetOfLocation(location)),
  );
  useEffect(() => bridge.native.onImportFile((file) => onFile(file)), []);
}
