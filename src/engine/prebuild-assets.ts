import { AssetStore, assetKeys } from './incremental/assets.ts';
import { bundleClient } from './bundle-client.ts';
import { BUNDLED, currentFingerprints, PREBUILT_ASSETS } from './project-root.ts';
import { buildStyles, readStyles } from './styles.ts';

// Run by bin/cli-bundle.mjs in the new bundle's folder, once the CLI bundle is made.
if (!BUNDLED) throw new Error('prebuild-assets runs from the CLI bundle only');
const styles = readStyles();
const keys = assetKeys(currentFingerprints(), styles);
const [client, css] = await Promise.all([bundleClient(), buildStyles(styles)]);
const store = new AssetStore(PREBUILT_ASSETS);
store.write(keys.client, client);
store.write(keys.css, css);
