import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** Within this distance of the bottom the member counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 48;

/**
 * Keeps a scrolling message list at its newest message while the member is there: when the
 * conversation opens, when messages arrive, while photos load (they grow the list after the
 * first scroll) and when the list gets shorter (a phone's keyboard). Scrolling up lets go;
 * scrolling back down holds on again.
 */
export function useStickToBottom(list: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>) {
  const pinned = useRef(true);
  const lastScrollTop = useRef(0);

  const scrollToBottom = useCallback(() => {
    pinned.current = true;
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [list]);

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const follow = () => {
      if (pinned.current) element.scrollTop = element.scrollHeight;
    };
    follow();
    const observer = new ResizeObserver(follow);
    observer.observe(element);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, [list, content]);

  // Only the member scrolling up lets go. Content that grows (a photo arriving) can fire a scroll
  // event before the resize observer has followed it; that is no reason to stop following.
  const onScroll = useCallback(() => {
    const element = list.current;
    if (!element) return;
    const nearBottom = element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_BOTTOM_PX;
    if (nearBottom) pinned.current = true;
    else if (element.scrollTop < lastScrollTop.current) pinned.current = false;
    lastScrollTop.current = element.scrollTop;
  }, [list]);

  return { onScroll, scrollToBottom };
}
