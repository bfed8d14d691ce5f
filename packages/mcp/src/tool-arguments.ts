import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { ToolDefinition } from './tool-definition.ts';

/** One reason a tool call's arguments were refused; `field` is a dotted path like `address.lat`. */
export interface ArgumentProblem {
  code: 'INVALID_INPUT';
  message: string;
  field: string | null;
}

/** Checks a call's arguments against its tool's input schema; an empty list means they are valid. */
export type ArgumentCheck = (tool: ToolDefinition, args: Record<string, unknown>) => ArgumentProblem[];

/** Enough problems for an agent to fix its call; the rest are usually consequences of the first. */
const MAX_PROBLEMS = 10;

/**
 * Compiles every tool's input schema once (ajv, JSON Schema 2020-12), so that a call only runs the
 * compiled function.
 *
 * @example
 * const check = compileArgumentChecks(toolCatalog);
 * check(tool, { cprcode: 1 }); // [{ code: 'INVALID_INPUT', message: 'Argument cprcode must be a string.', field: 'cprcode' }]
 */
export function compileArgumentChecks(catalog: readonly ToolDefinition[]): ArgumentCheck {
  // Strict: a schema with a typo in a keyword fails here, at start-up, not silently at call time.
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  const validators = new Map<string, ValidateFunction>(
    catalog.map((tool) => [tool.name, ajv.compile(tool.inputSchema)]),
  );
  return (tool, args) => {
    const validate = validators.get(tool.name);
    if (!validate) throw new Error(`No compiled schema for tool ${tool.name}.`);
    if (validate(args)) return [];
    return describeProblems(validate.errors ?? []);
  };
}

function describeProblems(errors: readonly ErrorObject[]): ArgumentProblem[] {
  const seen = new Set<string>();
  const problems: ArgumentProblem[] = [];
  for (const error of errors) {
    const problem = describe(error);
    if (seen.has(problem.message)) continue;
    seen.add(problem.message);
    problems.push(problem);
    if (problems.length === MAX_PROBLEMS) break;
  }
  return problems;
}

function describe(error: ErrorObject): ArgumentProblem {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const at = (extra?: string) => (extra === undefined ? path : [...path, extra]).join('.') || null;
  const where = path.length ? `Argument ${path.join('.')} ` : 'The arguments ';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return problem(
        `Missing required argument ${at(String(params.missingProperty))}.`,
        at(String(params.missingProperty)),
      );
    case 'additionalProperties':
      return problem(
        `Unknown argument ${at(String(params.additionalProperty))}; tools/list shows the arguments each tool takes.`,
        at(String(params.additionalProperty)),
      );
    case 'type': {
      const types = Array.isArray(params.type) ? params.type : String(params.type).split(',');
      return problem(`${where}must be ${types.map(article).join(' or ')}.`, at());
    }
    case 'enum':
      return problem(
        `${where}must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`,
        at(),
      );
    default:
      return problem(`${where}${error.message ?? 'is not valid'}.`, at());
  }
}

function article(type: string): string {
  if (type === 'null') return 'null';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function problem(message: string, field: string | null): ArgumentProblem {
  return { code: 'INVALID_INPUT', message, field };
}
