import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Security headers on every answer (helmet): a content security policy the app passes — its own scripts only, inline
 * styles (Chakra UI and AG Grid write style tags), images from itself, data: and blob: (charts, exports) —, no
 * framing by other sites, nosniff, no referrer to other sites. The edge is often reached over plain HTTP on the plant
 * LAN, so the policy never asks the browser to upgrade requests to HTTPS (that would break every asset there).
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Served over HTTP on many plant LANs: HTTP Strict Transport Security only makes sense where HTTPS is set up.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
}
