import type { CmsConfig } from 'decap-cms-core';
import CMS from './decap.ts';
import { FORMAT_NAME, fromFile, toFile } from './markdown-format.ts';
import { withNewCitySlug } from './new-city-slug.ts';
import { registerPreview } from './preview/register-preview.tsx';

/** The configuration generated from the schemas at bundle time (src/admin/cms-config.ts). */
declare const CMS_CONFIG: Pick<CmsConfig, 'collections'> & { backend: Record<string, unknown> };

CMS.registerCustomFormat(FORMAT_NAME, 'md', { fromFile, toFile });

CMS.registerEventListener({ name: 'preSave', handler: withNewCitySlug as never });

await registerPreview(CMS, CMS_CONFIG);

// Sign-in goes through this origin's own /api/auth, whatever address the site is served at
// (production or a preview deployment).
CMS.init({ config: { ...CMS_CONFIG, backend: { ...CMS_CONFIG.backend, base_url: location.origin } } as never });
