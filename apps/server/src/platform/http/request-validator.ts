import { messages } from '@hiwar/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { findUnstorableInput } from './storable-text.ts';

const messageOf = {
  character: messages.textCharacterInvalid,
  nesting: messages.nestingTooDeep,
} as const;

/** Refuses unstorable text and deep nesting anywhere in a request part, naming the field. */
const storableInput = z.unknown().superRefine((value, context) => {
  const unstorable = findUnstorableInput(value);
  if (unstorable) {
    context.addIssue({ code: 'custom', path: unstorable.path, message: messageOf[unstorable.problem] });
  }
});

/**
 * The validator of every route's body, querystring and params: the request part is first checked once for
 * text no database can store (see storable-text.ts), then parsed with the route's contract schema. Both fail
 * the same way, as zod validation errors: 422 with the field named, or `request.validationError` on routes
 * that attach validation.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<$ZodType> = (route) =>
  validatorCompiler({ ...route, schema: storableInput.pipe(route.schema) });
