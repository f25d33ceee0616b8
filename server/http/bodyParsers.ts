import type { FastifyInstance } from 'fastify';

/**
 * The API speaks JSON only: other content types get 415 instead of reaching a handler as a
 * string. An empty JSON body counts as no body (some clients send the header on a bare POST),
 * and the schema of the route decides whether that is acceptable.
 */
export function installBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
