/**
 * Preferences written to the fresh profile of every Firefox the tests start, on top of those
 * puppeteer writes itself (no app or add-on updates, no safe browsing, no health report, no
 * first-run pages). The network here is closed, and a test must not wait on, or be slowed by,
 * a browser that keeps calling home.
 */
export const FIREFOX_OFFLINE_PREFS: Record<string, string | number | boolean> = {
  // Anything not on loopback goes to a proxy that refuses at once (port 9, discard, is never
  // served here): whatever a pref below forgets cannot leave the machine. Loopback is never proxied.
  'network.proxy.type': 1,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': 9,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': 9,
  'network.proxy.allow_hijacking_localhost': false,
  'network.proxy.failover_direct': false,
  // Probes Firefox makes on its own at start-up.
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'network.trr.mode': 5,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'network.predictor.enabled': false,
  'security.OCSP.enabled': 0,
  'security.remote_settings.crlite_filters.enabled': false,
  'security.remote_settings.intermediates.enabled': false,
  'browser.region.network.url': '',
  'browser.region.update.enabled': false,
  // Updates, studies, remote settings, telemetry.
  'app.update.auto': false,
  'app.normandy.enabled': false,
  'app.shield.optoutstudies.enabled': false,
  'extensions.blocklist.enabled': false,
  'extensions.systemAddon.update.enabled': false,
  'services.settings.server': 'http://127.0.0.1:9/',
  'media.gmp-manager.updateEnabled': false,
  'media.gmp-gmpopenh264.enabled': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.unified': false,
  'toolkit.telemetry.archive.enabled': false,
  'toolkit.telemetry.server': '',
  'browser.ping-centre.telemetry': false,
  'browser.newtabpage.activity-stream.feeds.telemetry': false,
  'browser.newtabpage.activity-stream.telemetry': false,
  'browser.topsites.contile.enabled': false,
  // The site is French-Canadian: the same language the Chromium contexts announce.
  'intl.accept_languages': 'fr-CA, fr',
};
