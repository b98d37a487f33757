import type { ReactNode } from 'react';
import type { HeadProps } from '../layout/head.tsx';

/** What a template gives the renderer: head data (canonical and share card are the route's) and the main content. */
export interface PageOutput {
  head: Omit<HeadProps, 'canonical' | 'card'>;
  /** Path of the nav entry to mark as current. */
  section: string;
  body: ReactNode;
}
