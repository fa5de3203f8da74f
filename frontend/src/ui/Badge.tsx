import type { HTMLAttributes } from 'react';

export type Tone = 'ok' | 'warn' | 'bad' | 'neutral' | 'info';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: Tone;
}

export function Badge({ tone = 'neutral', className, children, ...rest }: BadgeProps) {
  return (
    <span className={`badge badge-${tone}${className ? ` ${className}` : ''}`} {...rest}>
      {children}
    </span>
  );
}
