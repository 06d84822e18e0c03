import type { FastifyReply } from 'fastify';

/** The stable addresses (embed.js, frame.html) are revalidated; hashed assets never change. */
export const CACHE_SHORT = 'public, max-age=300, must-revalidate';
export const CACHE_REVALIDATE = 'no-cache';
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * frame.html is framed by whatever site pasted the snippet: frame-ancestors * and no X-Frame-Options (the
 * rest of the server keeps helmet's same-origin framing). Images and videos come from the owner's addresses;
 * advert HTML runs in a sandboxed srcdoc frame, which inherits this policy, so it cannot run scripts either.
 */
export const frameHelmet = {
  frameguard: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' as const },
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      mediaSrc: ["'self'", 'blob:', 'https:', 'http:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ['*'],
      // self-hosted installs often run on plain http: upgrading subresources would break them
      upgradeInsecureRequests: null,
    },
  },
};

/** embed.js and the frame's assets are loaded by pages on other origins. */
export const crossOriginHelmet = {
  crossOriginResourcePolicy: { policy: 'cross-origin' as const },
};

export function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
}
