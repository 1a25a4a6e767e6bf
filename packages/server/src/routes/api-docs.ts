/**
 * REST API docs of a base: the OpenAPI document (viewers and above, the apiDocs permission) and a Swagger
 * UI page for it, served from the app itself (swagger-ui-dist, no CDN). The page holds no data: its
 * script reads the signed-in token the web app keeps in this origin's local storage and fetches the
 * document with it, so opening the page from the base's menu just works.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { badRequest } from '@rowbase/core/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { requireBaseAccess } from '../http/base-access.js';
import { baseOpenApi } from '../services/api-docs/openapi-doc.js';

type BaseP = { Params: { baseId: string } };

const ASSETS = '/api/v2/meta/swagger-ui/';
/** Where the web app keeps its settings, token included (the web's stored-settings module). */
const WEB_STORAGE_KEY = 'rowbase-gui-v1';

export async function apiDocsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, { root: dist, prefix: ASSETS, decorateReply: false, index: false });

  const document = async (req: FastifyRequest<BaseP>) => {
    const { base } = await requireBaseAccess(ctx, req, req.params.baseId, 'apiDocs');
    return baseOpenApi(ctx, base, ctx.config.publicUrl ?? `${req.protocol}://${req.host}`);
  };
  app.get<BaseP>('/api/v2/meta/bases/:baseId/swagger.json', document);
  app.get<BaseP>('/api/v1/db/meta/projects/:baseId/swagger.json', document);

  app.get<BaseP>('/api/v2/meta/bases/:baseId/swagger', async (req, reply) => {
    const { baseId } = req.params;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(baseId)) throw badRequest('baseId: not a base id');
    return reply.type('text/html; charset=utf-8').send(swaggerPage(baseId));
  });
}

function swaggerPage(baseId: string): string {
  const spec = `/api/v2/meta/bases/${baseId}/swagger.json`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>REST APIs</title>
<link rel="stylesheet" href="${ASSETS}swagger-ui.css">
<link rel="icon" href="${ASSETS}favicon-32x32.png">
</head>
<body>
<div id="swagger-ui" data-testid="swagger-ui"></div>
<script src="${ASSETS}swagger-ui-bundle.js"></script>
<script>
(function () {
  var token = null;
  try { token = JSON.parse(localStorage.getItem(${JSON.stringify(WEB_STORAGE_KEY)}) || '{}').token || null; } catch (e) {}
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(spec)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: true,
    requestInterceptor: function (req) {
      if (token && !req.headers['xc-token'] && !req.headers['xc-auth']) req.headers['xc-auth'] = token;
      return req;
    },
  });
})();
</script>
</body>
</html>`;
}
