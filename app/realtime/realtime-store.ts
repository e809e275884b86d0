import { create } from 'zustand';
import type { RealtimeConnection } from './socket';

/** The tab's socket, once connected; components send typing through it. */
export const useRealtime = create<{ connection: RealtimeConnection | null; openConversationId: number | null }>(() => ({
  connection: null,
  openConversationId: null,
}));
