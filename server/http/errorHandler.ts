import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../src/api/errors';
import { notFoundForMalformedId } from '../../src/api/posts';
import { HttpError } from './httpError';

/** Fastify's own client-error codes, reworded for a person reading them in an alert. */
const FASTIFY_MESSAGES: Record<string, { status: number; message: (error: FastifyError) => string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: () => 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: () => 'Request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: () => 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: () => 'Unsupported content type: send application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: () => 'Request body size did not match Content-Length' },
  FST_ERR_BAD_URL: { status: 400, message: () => 'Malformed URL' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: () => 'Request address is too long' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: () => 'Bad request' },
};

type Issue = { path: string; message: string };

function validationBody(error: FastifyError): ApiErrorBody {
  const issues: Issue[] = (error.validation ?? []).map((item) => {
    const path = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    // A body that is not an object at all has no field to blame; say what is expected.
    const message =
      path === '' && item.keyword === 'invalid_type'
        ? `Request ${error.validationContext ?? 'body'} must be a JSON object`
        : (item.message ?? 'Invalid value');
    return { path, message };
  });
  const notFound = error.validationContext === 'params' && issues[0] ? notFoundForMalformedId(issues[0].message) : null;
  if (notFound) return { message: notFound, statusCode: 404 };
  return { message: issues[0]?.message ?? 'Invalid request', statusCode: 400, issues };
}

/** One place turns every failure into `{message, statusCode}`; no stack trace leaves the server. */
export function describeError(
  error: FastifyError | Error,
  request: FastifyRequest,
): { body: ApiErrorBody; headers: Record<string, string> } {
  if (error instanceof HttpError) {
    const issues = error.issues?.length ? { issues: error.issues } : {};
    return { body: { message: error.message, statusCode: error.statusCode, ...issues }, headers: error.headers };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) return { body: validationBody(fastifyError), headers: {} };

  // Upload routes name what was too large ("Image is too large: the limit is 10 MB").
  const tooLarge = fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? request.routeOptions?.config?.bodyTooLargeMessage : undefined;
  if (tooLarge) return { body: { message: tooLarge, statusCode: 413 }, headers: {} };
  const known = fastifyError.code ? FASTIFY_MESSAGES[fastifyError.code] : undefined;
  if (known) return { body: { message: known.message(fastifyError), statusCode: known.status }, headers: {} };

  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Other 4xx from Fastify or plugins (rate limit, proto poisoning): their message is safe to show.
    return { body: { message: fastifyError.message || 'Bad request', statusCode: status }, headers: {} };
  }
  request.log.error({ err: error }, 'request failed');
  return { body: { message: 'Something went wrong on our side. Please try again.', statusCode: 500 }, headers: {} };
}

export function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const { body, headers } = describeError(error, request);
  // The reply schema describes success only, so errors are sent as plain JSON.
  return reply.code(body.statusCode).headers(headers).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}
