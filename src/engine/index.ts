/**
 * The engine's one door: the CLI, the live preview, the tools and the tests import the engine
 * from here and nowhere else (tests/standards/layers.test.ts holds them to it), so what lies
 * behind it can move without a caller knowing. Re-exports only.
 */

// Building, always through the one engine: the reference (buildSite: cold, one thread, no cache),
// one build (fastBuild: a warm cache, a dist/ written), the content alone (loadContents), or an
// engine that builds again and again (the live preview).
export { buildSite, fastBuild, type FastBuiltSite, loadContent, loadContents } from './incremental/fast-build.ts';
export { type BuildResult, type BuiltSite, BuildEngine, type EngineOptions, type Output, type SiteOptions } from './incremental/engine.ts';
export { BrokenLinksError, LaunchChecklistError } from './build-errors.ts';
export { diagnosticsOf } from './build-diagnostics.ts';
export { explainLines, localeKeyParts, renderReason } from './incremental/phases/render-reasons.ts';

// The project and its code: where it lives, the stylesheet, the client bundle, the code's fingerprints.
export { BUNDLED, currentFingerprints, type Fingerprints, PREBUILT_ASSETS, PROJECT_ROOT } from './project-root.ts';
export { engineFingerprints, engineKeys, type FingerprintKind, fingerprintInputs } from './fingerprint.mjs';
export { type Environment, nodeVersions } from './incremental/environment.ts';
export { buildStyles, readStyles, STYLES_SOURCE } from './styles.ts';
export { type ClientBundle, bundleClient, clientContext, pageClient } from './bundle-client.ts';

// The quote webhook the build chooses, and the one a production build refuses.
export { chooseWebhook, type Webhook } from './pipeline/site-data.ts';
export { PLACEHOLDER, productionWebhookProblem } from './production-webhook.ts';

// Parts with tests of their own: digests, the link check, commit dates, dist/ and its links, the page and blob stores, photo plans.
export { digest } from './digest.ts';
export { fileStamp, RACY_MS } from './file-stamp.ts';
// Written whole or not at all: the editor's cached bundle (src/cli/admin-cache.ts) is kept this way too.
export { atomicWrite } from './incremental/atomic-write.ts';
export { type BrokenLink, findBrokenLinks, pageRefs, sitemapRefs } from './check-links.ts';
export { locateLinkSources } from './link-sources.ts';
export { CommitDates, lastCommitDates } from './git-dates.ts';
export { type DistManifest, DistWriter } from './incremental/dist-writer.ts';
export { LinkQueue } from './incremental/link-queue.ts';
export { PageStore } from './incremental/page-store.ts';
export { type BlobKind, BlobStore, BY_DIGEST } from './incremental/blob-store.ts';
export { AssetStore } from './incremental/assets.ts';
export { BuildParsed, ParsedMemo, type ParsedIndex } from './incremental/parsed-memo.ts';
export { cardStoreDir } from './incremental/cache.ts';
export { type PhotoJob, planSource, variantWidths } from './photos/photo-plan.ts';
