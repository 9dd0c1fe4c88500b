import {
  availableResourcesSchema,
  duplicateDetailsSchema,
  duplicateGroupSchema,
  duplicateMemberParamsSchema,
  duplicateScanSchema,
  duplicatesListQuerySchema,
  duplicatesListResponseSchema,
  duplicatesSummarySchema,
  duplicateUpdateBodySchema,
  envelope,
  fieldMapperSchema,
  fieldMapperUpdateBodySchema,
  idParamsSchema,
  transactionIdFieldsSchema,
} from '@fairway/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLang } from '../../lib/i18n';
import { duplicatesScoped } from '../subscriptions/module-gate';
import {
  availableResources,
  fieldMapper,
  getDuplicate,
  getDuplicateDetails,
  latestScanView,
  listDuplicates,
  markNotDuplicate,
  startScan,
  summary,
  transactionIdFields,
  updateDuplicate,
  updateFieldMapper,
} from './duplicates.service';
import { duplicateScanRuns } from './scan/scan.service';

const noQuery = z.object({}).strict();
const tags = ['duplicates'];

/** Dubbelkoll's duplicate groups, scans and field mapper for the club account in use (docs/duplicates.md#api). */
export const duplicatesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.runs.register(duplicateScanRuns);

  app.get(
    '/duplicates',
    {
      ...duplicatesScoped(app, 'duplicates.read'),
      schema: {
        tags,
        summary: 'Duplicate groups: by resource and status, searched, sorted and paged',
        querystring: duplicatesListQuerySchema,
        response: { 200: duplicatesListResponseSchema },
      },
    },
    async (request) => listDuplicates(app, request.auth, request.query),
  );

  app.get(
    '/duplicates/summary',
    {
      ...duplicatesScoped(app, 'duplicates.read'),
      schema: {
        tags,
        summary: 'The Dubbelkoll home: the scan, totals per resource and month, the allowance',
        querystring: noQuery,
        response: { 200: envelope(duplicatesSummarySchema) },
      },
    },
    async (request) => ({ data: await summary(app, request.auth, getLang(request)) }),
  );

  app.post(
    '/duplicates/scan',
    {
      ...duplicatesScoped(app, 'duplicates.write'),
      schema: {
        tags,
        summary: 'Start a full duplicate scan of the mirror',
        querystring: noQuery,
        response: { 202: envelope(duplicateScanSchema) },
      },
    },
    async (request, reply) => reply.code(202).send({ data: await startScan(app, request.auth, getLang(request)) }),
  );

  app.get(
    '/duplicates/scan',
    {
      ...duplicatesScoped(app, 'duplicates.read'),
      schema: {
        tags,
        summary: 'The latest scan and its progress',
        querystring: noQuery,
        response: { 200: envelope(duplicateScanSchema) },
      },
    },
    async (request) => ({ data: await latestScanView(app, request.auth, getLang(request)) }),
  );

  app.get(
    '/duplicates/:id',
    {
      ...duplicatesScoped(app, 'duplicates.read'),
      schema: {
        tags,
        summary: 'One duplicate group',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(duplicateGroupSchema) },
      },
    },
    async (request) => ({ data: await getDuplicate(app, request.auth, request.params.id) }),
  );

  app.get(
    '/duplicates/:id/details',
    {
      ...duplicatesScoped(app, 'duplicates.read'),
      schema: {
        tags,
        summary: 'The group’s documents side by side, with each field’s outcome',
        params: idParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(duplicateDetailsSchema) },
      },
    },
    async (request) => ({ data: await getDuplicateDetails(app, request.auth, request.params.id) }),
  );

  app.put(
    '/duplicates/:id',
    {
      ...duplicatesScoped(app, 'duplicates.write'),
      schema: {
        tags,
        summary: 'Mark the group resolved or unresolved',
        params: idParamsSchema,
        querystring: noQuery,
        body: duplicateUpdateBodySchema,
        response: { 200: envelope(duplicateGroupSchema) },
      },
    },
    async (request) => ({ data: await updateDuplicate(app, request.auth, request.params.id, request.body.resolved) }),
  );

  app.put(
    '/duplicates/:id/not_duplicate/:x',
    {
      ...duplicatesScoped(app, 'duplicates.write'),
      schema: {
        tags,
        summary: 'Document x is not a duplicate of the group’s original: never proposed again',
        params: duplicateMemberParamsSchema,
        querystring: noQuery,
        response: { 200: envelope(duplicateDetailsSchema) },
      },
    },
    async (request) => ({ data: await markNotDuplicate(app, request.auth, request.params.id, request.params.x) }),
  );

  app.get(
    '/field_mapper',
    {
      ...duplicatesScoped(app, 'duplicates.read'),
      schema: {
        tags,
        summary: 'The organisation’s field mapping per resource, and the defaults',
        querystring: noQuery,
        response: { 200: envelope(fieldMapperSchema) },
      },
    },
    async (request) => ({ data: await fieldMapper(app, request.auth) }),
  );

  app.put(
    '/field_mapper',
    {
      ...duplicatesScoped(app, 'duplicates.write'),
      schema: {
        tags,
        summary: 'Save one resource’s field mapping (null: back to the default)',
        querystring: noQuery,
        body: fieldMapperUpdateBodySchema,
        response: { 200: envelope(fieldMapperSchema) },
      },
    },
    async (request) => ({ data: await updateFieldMapper(app, request.auth, request.body) }),
  );

  app.get(
    '/transaction-id-fields',
    {
      ...duplicatesScoped(app, 'duplicates.read'),
      schema: {
        tags,
        summary: 'Per resource the field that identifies a document, and its choices',
        querystring: noQuery,
        response: { 200: envelope(transactionIdFieldsSchema) },
      },
    },
    async (request) => ({ data: await transactionIdFields(app, request.auth) }),
  );

  app.get(
    '/available-resources',
    {
      ...duplicatesScoped(app, 'duplicates.read'),
      schema: {
        tags,
        summary: 'The resources the connected program offers, with their documents in the mirror',
        querystring: noQuery,
        response: { 200: envelope(availableResourcesSchema) },
      },
    },
    async (request) => ({ data: await availableResources(app, request.auth) }),
  );
};
