import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { jsonForScript } from '../shared/script-json.ts';
import type { IslandName } from '../shared/island-names.ts';

/**
 * Server-renders one island on its own (its own `useId` space, set by `identifierPrefix`) and
 * writes its props beside it, so the client hydrates exactly the same tree with the same prefix.
 */
export function Island<P extends object>({
  name,
  id,
  component: Component,
  props,
  className,
}: {
  name: IslandName;
  id: string;
  component: ComponentType<P>;
  props: P;
  className?: string;
}) {
  const prefix = `${name}-${id}-`;
  const html = renderToString(<Component {...props} />, { identifierPrefix: prefix });
  return (
    <>
      <div className={className} data-island={name} data-prefix={prefix} dangerouslySetInnerHTML={{ __html: html }} />
      <script type="application/json" data-island-props={prefix} dangerouslySetInnerHTML={{ __html: jsonForScript(props) }} />
    </>
  );
}
