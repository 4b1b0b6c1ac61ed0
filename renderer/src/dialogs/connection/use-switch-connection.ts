import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { send } from '../../bridge/bridge.js';
import { enterConnection } from './enter-connection.js';

/**
 * Makes another connection current. Everything on screen belonged to the old
 * one, so every query is dropped and the view goes back home (the project open
 * now may not exist on the other server), which opens the new one's first project.
 */
export function useSwitchConnection(onDone: () => void) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (connectionId: string) => send('connections-switch', { connectionId }),
    onSuccess: async () => {
      onDone();
      await enterConnection(client, () => navigate('/', { replace: true }));
    },
  });
}
