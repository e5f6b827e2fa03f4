import type { ReactNode } from 'react';

export type NoticeTone = 'info' | 'warning' | 'error';

export interface NoticeProps {
  tone: NoticeTone;
  children: ReactNode;
}

/** A banner such as "Sin conexión". Errors interrupt (alert); the rest wait their turn (status). */
export function Notice({ tone, children }: NoticeProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`vendo-notice vendo-notice--${tone}`}>
      {children}
    </div>
  );
}
