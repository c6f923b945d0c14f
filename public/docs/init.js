// @ts-check
/**
 * Starts Swagger UI (loaded before this file from /docs/swagger-ui/, copied from the pinned swagger-ui-dist)
 * on this API's OpenAPI document. A file of its own, because the page's Content-Security-Policy runs no
 * inline script. No validator badge: it would call a third-party service.
 */

/** @typedef {(options: Record<string, unknown>) => unknown} SwaggerUIBundle */

const swaggerUi = /** @type {{ SwaggerUIBundle?: SwaggerUIBundle }} */ (/** @type {unknown} */ (window))
  .SwaggerUIBundle;
if (swaggerUi) {
  swaggerUi({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null });
} else {
  document.body.textContent =
    'Swagger UI did not load: the build step (scripts/copy-swagger-ui.mjs) puts it in /docs/swagger-ui/.';
}
