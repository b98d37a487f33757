import type { Server } from 'node:http';

/**
 * Stops taking requests and resolves once the open ones are answered: a lead being written gets
 * its response. Idle keep-alive connections are closed, or they would hold the close until they
 * time out; the caller's grace period bounds a request that never ends.
 */
export function closeServer(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    server.closeIdleConnections();
  });
}
