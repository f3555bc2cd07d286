// Shared by design: every request passes through it (entry.server.tsx), whichever feature it reaches.
/** Security headers for every document and data response. */
export function securityHeaders(
  headers: Headers,
  options: {
    nonce?: string;
    production: boolean;
    imageOrigins?: string[];
    frameOrigins?: string[];
  },
) {
  const { nonce, production } = options;
  const img = ["'self'", "data:", ...(options.imageOrigins ?? [])].join(" ");
  const frames = ["'self'", ...(options.frameOrigins ?? [])].join(" ");
  const directives = [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""}`,
    // React renders a few style attributes (swiper sets styles at run time).
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img}`,
    "font-src 'self'",
    `connect-src 'self'${production ? "" : " ws:"}`,
    `frame-src ${frames}`,
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ];
  headers.set("Content-Security-Policy", directives.join("; "));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "SAMEORIGIN");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  if (production) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
