import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { send } from '../../bridge/bridge.js';

/**
 * Makes another connection current. Everything on screen belonged to the old
 * one, so every query is re-read and the view goes back home (the project open
 * now may not exist on the other server).
 */
export function useSwitchConnection(onDone: () => void) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (connectionId: string) => send('connections-switch', { connectionId }),
    onSuccess: async () => {
      navigate('/');
      await client.invalidateQueries();
      onDone();
    },
  });
}
