import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';

export interface ChatAction {
  key: string;
  label: string;
  danger?: boolean;
  run(): void;
}

/**
 * The chat header's "⋯" menu (Block, Report, Delete chat), so the header fits a 360 px phone
 * whatever the partner's name. The ARIA menu-button pattern: the button says whether the menu
 * is open, arrows move between items, Escape closes it and gives the focus back to the button.
 */
export function ChatActionsMenu({ actions }: { actions: ChatAction[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const items = () => Array.from(wrapper.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    // A tap anywhere else closes it, as a member expects of a menu.
    const closeOutside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 };
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key in moves) {
      event.preventDefault();
      all[(moves[event.key] + all.length) % all.length]?.focus();
    }
  };

  return (
    <div className="dropdown" ref={wrapper} onKeyDown={open ? onMenuKey : undefined}>
      <button
        ref={toggle}
        type="button"
        className="btn btn-sm btn-outline-secondary chat-actions__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('chat.more_actions')}
        onClick={() => setOpen(!open)}
        data-testid="chat-actions"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul id={menuId} className="dropdown-menu dropdown-menu-end show end-0" role="menu" aria-label={t('chat.more_actions')}>
          {actions.map((action) => (
            <li key={action.key} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`dropdown-item${action.danger ? ' text-danger' : ''}`}
                onClick={() => {
                  close(true);
                  action.run();
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
