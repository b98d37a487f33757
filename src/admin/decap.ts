/**
 * Decap CMS with only what our configuration uses: the GitHub backend (production), the proxy
 * backend (decap-server, `npm run cms`), the widgets cms-fields.ts emits and the French locale.
 * decap-cms-app's own entry registers every backend, widget and locale it has; ours leaves the
 * rest out of the bundle.
 */
import { DecapCmsCore as CMS } from 'decap-cms-core';
import { GitHubBackend } from 'decap-cms-backend-github';
import { ProxyBackend } from 'decap-cms-backend-proxy';
import DecapCmsWidgetBoolean from 'decap-cms-widget-boolean';
import DecapCmsWidgetFile from 'decap-cms-widget-file';
import DecapCmsWidgetImage from 'decap-cms-widget-image';
import DecapCmsWidgetList from 'decap-cms-widget-list';
import DecapCmsWidgetMarkdown from 'decap-cms-widget-markdown';
import DecapCmsWidgetNumber from 'decap-cms-widget-number';
import DecapCmsWidgetObject from 'decap-cms-widget-object';
import DecapCmsWidgetSelect from 'decap-cms-widget-select';
import DecapCmsWidgetString from 'decap-cms-widget-string';
import DecapCmsWidgetText from 'decap-cms-widget-text';
import fr from 'decap-cms-locales/dist/esm/fr/index.js';
import { photoWidget } from './photo-widget.tsx';

CMS.registerBackend('github', GitHubBackend);
CMS.registerBackend('proxy', ProxyBackend);
CMS.registerWidget(
  [
    DecapCmsWidgetString,
    DecapCmsWidgetText,
    DecapCmsWidgetNumber,
    DecapCmsWidgetBoolean,
    DecapCmsWidgetSelect,
    DecapCmsWidgetList,
    DecapCmsWidgetObject,
    DecapCmsWidgetMarkdown,
    DecapCmsWidgetFile,
    DecapCmsWidgetImage,
  ]
    .map((widget) => widget.Widget())
    .concat(photoWidget) as never,
);
CMS.registerLocale('fr', fr);

export default CMS;
