// Decap's backends, widgets and locales ship no types; decap.ts only hands them to the registry.
declare module 'decap-cms-backend-github' {
  export const GitHubBackend: import('decap-cms-core').CmsBackendClass;
}
declare module 'decap-cms-backend-proxy' {
  export const ProxyBackend: import('decap-cms-core').CmsBackendClass;
}
declare module 'decap-cms-widget-object' {
  /** `Widget(options)` is the object widget with `options` over it (photo-widget.tsx gives its own control). */
  const widget: {
    Widget(options?: Partial<import('decap-cms-core').CmsWidgetParam>): import('decap-cms-core').CmsWidgetParam;
    controlComponent: import('react').ComponentClass<Record<string, unknown>>;
  };
  export default widget;
}
declare module 'decap-cms-widget-*' {
  const widget: { Widget(): import('decap-cms-core').CmsWidgetParam };
  export default widget;
}
declare module 'decap-cms-locales/dist/esm/fr/index.js' {
  const phrases: import('decap-cms-core').CmsLocalePhrases;
  export default phrases;
}
