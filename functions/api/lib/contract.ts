import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type * as z from 'zod';
import type { PUBLIC, Rule } from './rights';

/** A route key: `'PUT /api/invoices/{id}'`. The same string names the route in the contract, the implementations and the rights table. */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /api/${string}`;

/** The `{name}`s of a route key's path: `'GET /api/webhooks/{id}/deliveries/{deliveryId}'` → `'id' | 'deliveryId'`. */
export type PathParamNames<K extends string> = K extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** What a route reads from the request, each part checked with its zod schema before the route sees it. */
export interface RouteInput {
  /** Path parameters; one that fails its schema is "not found" (404), like another tenant's id. */
  params?: Record<string, z.ZodType<string>>;
  /** The query string; a failure is 400 with the fields. */
  query?: z.ZodObject;
  /** The JSON body; bad JSON and a failure are 400 with the fields. */
  body?: z.ZodType;
  /** Request headers the route reads (lower-case names); a failure is 400 with the header's name. */
  headers?: z.ZodObject;
}

/**
 * One route's declaration: what it reads, what it answers, and how the OpenAPI document describes it. Pure
 * data (schemas and texts), so the OpenAPI function can read every contract without bundling any handler.
 */
export interface RouteContract extends RouteInput {
  /** Who may call the route (functions/api/lib/rights.ts), checked before anything else. */
  rule: Rule | typeof PUBLIC;
  tag: string;
  summary: string;
  /** Non-JSON request bodies (the multipart upload), documented only: the route reads `rawBody` itself. */
  rawBody?: RouteConfig['request'];
  /** The status of a success; the answer gets it unless the route returns an `ApiResponse` with its own. */
  success: number;
  /** The JSON answer of a success. */
  response?: z.ZodType;
  /** Non-JSON answers (files, CSV, redirects). */
  rawResponse?: { contentType?: string; description: string };
  /** Success statuses a route also answers with, beside `success` (each with the same `response`). */
  alsoSuccess?: number[];
  /** Error statuses beyond those every route documents (401/403 when protected, 404 with path parameters). */
  errors?: number[];
}

/** A resource's routes, keyed by route key. */
export type Contract = { [K in RouteKey]?: RouteContract };

/** Each route declares a schema for exactly the parameters its path names (none when it names none). */
type ParamsOf<K> = [PathParamNames<K & string>] extends [never]
  ? { params?: never }
  : { params: { [N in PathParamNames<K & string>]: z.ZodType<string> } };

/**
 * Declares a resource's contract, keeping its exact keys and schemas for typing the implementations
 * (`resourceHandler`), and checking that every route declares schemas for its path's parameters.
 */
export const defineContract = <const C extends Contract>(contract: C & { [K in keyof C]: ParamsOf<K> }): C =>
  contract;
