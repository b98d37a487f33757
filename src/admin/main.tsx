import CMS from './decap.ts';
import { STYLESHEET_URL_PREFIX } from '../shared/asset-names.ts';
import { FORMAT_NAME, fromFile, toFile } from './markdown-format.ts';
import { withNewCitySlug } from './new-city-slug.ts';

/** The configuration generated from the schemas at bundle time (src/admin/cms-config.ts). */
declare const CMS_CONFIG: Record<string, unknown> & { backend: Record<string, unknown> };

CMS.registerCustomFormat(FORMAT_NAME, 'md', { fromFile, toFile });

CMS.registerEventListener({ name: 'preSave', handler: withNewCitySlug as never });

/**
 * The preview pane wears the site's own stylesheet: its hashed name is read from the home page,
 * so the editor follows a new stylesheet (or the live preview's) without being rebuilt.
 */
async function siteStylesheet(): Promise<string | undefined> {
  const home = await fetch('/').then((r) => r.text(), () => '');
  return new RegExp(`href="(${STYLESHEET_URL_PREFIX}[^"]+\\.css)"`).exec(home)?.[1];
}

const stylesheet = await siteStylesheet();
if (stylesheet) CMS.registerPreviewStyle(stylesheet);

// Sign-in goes through this origin's own /api/auth, whatever address the site is served at
// (production or a preview deployment).
CMS.init({ config: { ...CMS_CONFIG, backend: { ...CMS_CONFIG.backend, base_url: location.origin } } as never });
