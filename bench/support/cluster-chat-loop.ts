import crypto from 'node:crypto';
import type { ChatBenchMember } from './chat-data';
import { ResilientTab } from './resilient-tab';

/** One tab per member on `url`, opened a hundred at a time. */
export async function connectTabs(url: string, members: ChatBenchMember[]): Promise<ResilientTab[]> {
  const tabs = members.map((member) => new ResilientTab(url, member.token, member.id));
  for (let start = 0; start < tabs.length; start += 100) await Promise.all(tabs.slice(start, start + 100).map((tab) => tab.start()));
  return tabs;
}

/**
 * The cluster benches' chat closed loop: every member keeps one message in flight for `seconds`;
 * returns the messages acknowledged meanwhile and the seconds it actually ran. The tabs are closed.
 */
export async function runChatClosedLoop(url: string, members: ChatBenchMember[], seconds: number): Promise<{ acked: number; seconds: number }> {
  const tabs = await connectTabs(url, members);
  const runId = crypto.randomBytes(4).toString('hex');
  let seq = 0;
  const before = tabs.reduce((sum, tab) => sum + tab.stats.acked.size, 0);
  const started = Date.now();
  while (Date.now() - started < seconds * 1000) {
    tabs.forEach((tab, index) => {
      if (tab.pending === 0) tab.send(members[index]!.conversationId, `${runId}-${++seq}`, `load ${seq}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const acked = tabs.reduce((sum, tab) => sum + tab.stats.acked.size, 0) - before;
  tabs.forEach((tab) => tab.stop());
  return { acked, seconds: (Date.now() - started) / 1000 };
}
