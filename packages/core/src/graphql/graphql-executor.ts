import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  getNamedType,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  type GraphQLSchema,
  isInputObjectType,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  specifiedRules,
  TypeInfo,
  validate,
  type ValidationContext,
  visit,
  visitWithTypeInfo,
  type ValidationRule,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { getComplexity, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity';
import { LRUCache } from 'lru-cache';

export interface QueryLimits {
  /** Deepest selection nesting. */
  maxDepth: number;
  /** Most aliased fields in one operation. */
  maxAliases: number;
  /** Most lexical tokens in a document (parsing stops there). */
  maxTokens: number;
  /** Largest cost: every field costs 1, and list fields multiply their selection by `first` or `limit`. */
  maxCost: number;
  /** Most `__schema` selections in one operation (aliases and fragments counted). */
  maxSchemaIntrospections: number;
  /** Most `__type` selections in one operation. */
  maxTypeIntrospections: number;
  /** Largest response body in bytes; a larger answer is replaced by a `RESPONSE_TOO_LARGE` error. */
  maxResponseBytes: number;
}

/** Operations spend the partner's budget by weight: one unit per 100 of cost. */
const COST_PER_UNIT = 100;

/** The limits GraphQLExecutor applies unless given others: what one partner operation may cost. */
export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  maxDepth: 15,
  maxAliases: 30,
  maxTokens: 4_000,
  maxCost: 6_000,
  maxSchemaIntrospections: 1,
  maxTypeIntrospections: 10,
  maxResponseBytes: 2 * 1024 * 1024,
};

/**
 * What introspection costs: the whole schema is a page of about 60 KB (as much as a page of 100
 * priced products), one type a small record. What they select inside is priced by these.
 */
const INTROSPECTION_COSTS = { schema: 1_000, type: 20 } as const;

/** Code of errors raised by the limits; clients see it in `errors[].extensions.code`. */
const TOO_COMPLEX = 'QUERY_TOO_COMPLEX';

function tooComplex(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: TOO_COMPLEX } });
}

/**
 * Caps `__schema` and `__type` selections per operation: each answers from memory, but thirty
 * aliased copies of the schema are megabytes of output for one request. Fragments are expanded;
 * both fields exist only on the query root, so only its selection set is walked.
 */
function maxIntrospectionsRule(limits: QueryLimits): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const counts = { __schema: 0, __type: 0 };
      const walk = (selectionSet: SelectionSetNode, expanding: ReadonlySet<string>) => {
        for (const selection of selectionSet.selections) {
          if (selection.kind === Kind.FIELD) {
            if (selection.name.value === '__schema' || selection.name.value === '__type')
              counts[selection.name.value] += 1;
          } else if (selection.kind === Kind.INLINE_FRAGMENT) {
            walk(selection.selectionSet, expanding);
          } else if (!expanding.has(selection.name.value)) {
            // A fragment cycle is reported by its own rule; here it just stops the walk.
            const fragment = context.getFragment(selection.name.value);
            if (fragment) walk(fragment.selectionSet, new Set(expanding).add(selection.name.value));
          }
        }
      };
      walk(operation.selectionSet, new Set());
      if (counts.__schema > limits.maxSchemaIntrospections) {
        context.reportError(
          tooComplex(
            `The operation selects __schema ${counts.__schema} times; at most ${limits.maxSchemaIntrospections} is allowed.`,
          ),
        );
      }
      if (counts.__type > limits.maxTypeIntrospections) {
        context.reportError(
          tooComplex(
            `The operation selects __type ${counts.__type} times; at most ${limits.maxTypeIntrospections} are allowed.`,
          ),
        );
      }
    },
  });
}

/**
 * Fields cost 1; lists multiply their selection: by the `first`/`limit` they ask for, by the
 * number of `cprcodes` given, by 1 for connection `nodes` (already counted by the parent's
 * `first`), and by 10 for other object lists (basket and order lines, branches, categories).
 * Introspection costs by what it answers: `__schema` 1,000, `__type` 20, `__typename` nothing.
 */
const pageSizeEstimator: ComplexityEstimator = ({ args, childComplexity, field, type }) => {
  // Inside an introspection answer: priced by its root field, whatever is selected.
  if (type.name.startsWith('__')) return 0;
  if (field.name === '__schema') return INTROSPECTION_COSTS.schema;
  if (field.name === '__type') return INTROSPECTION_COSTS.type;
  if (field.name.startsWith('__')) return 0;
  const size =
    typeof args.first === 'number'
      ? args.first
      : typeof args.limit === 'number'
        ? args.limit
        : Array.isArray(args.cprcodes)
          ? args.cprcodes.length
          : null;
  if (size !== null) return 1 + childComplexity * Math.max(0, Math.min(size, 500));
  if (childComplexity === 0 || !field.type.toString().includes('[')) return undefined;
  return 1 + childComplexity * (field.name === 'nodes' ? 1 : 10);
};

const SIZE_ARGUMENTS = new Set(['first', 'limit', 'cprcodes']);

/** Names of the variables an operation passes to list-size arguments. */
function sizingVariables(operation: OperationDefinitionNode | null | undefined): string[] {
  const names = new Set<string>();
  visit(operation ?? { kind: Kind.DOCUMENT, definitions: [] }, {
    Argument(node) {
      if (SIZE_ARGUMENTS.has(node.name.value) && node.value.kind === Kind.VARIABLE) names.add(node.value.name.value);
    },
  });
  return [...names].sort();
}

/**
 * The defaults graphql-jit loses: a variable given as an input object field (`input: { quantity:
 * $q }`) and left out takes the field's default in graphql-js, but graphql-jit writes null there.
 * These are the variables for which that default can stand in as the variable's value: every
 * position they fill has the same default.
 */
function fieldDefaultsOfVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
): ReadonlyMap<string, unknown> {
  const positions = new Map<string, { inField: boolean; defaults: unknown[] }>();
  const typeInfo = new TypeInfo(schema);
  const record = (name: string, inField: boolean, defaultValue: unknown) => {
    const entry = positions.get(name) ?? { inField: false, defaults: [] };
    entry.inField ||= inField;
    entry.defaults.push(defaultValue);
    positions.set(name, entry);
  };
  visit(
    operation,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        if (node.value.kind === Kind.VARIABLE)
          record(node.value.name.value, false, typeInfo.getArgument()?.defaultValue);
      },
      ObjectField(node) {
        if (node.value.kind !== Kind.VARIABLE) return;
        const owner = typeInfo.getParentInputType();
        const named = owner ? getNamedType(owner) : undefined;
        record(
          node.value.name.value,
          true,
          isInputObjectType(named) ? named.getFields()[node.name.value]?.defaultValue : undefined,
        );
      },
      ListValue(node) {
        for (const item of node.values) if (item.kind === Kind.VARIABLE) record(item.name.value, false, undefined);
      },
    }),
  );
  const defaults = new Map<string, unknown>();
  for (const [name, { inField, defaults: all }] of positions) {
    const first = JSON.stringify(all[0]);
    if (inField && all[0] !== undefined && all.every((value) => value !== undefined && JSON.stringify(value) === first))
      defaults.set(name, all[0]);
  }
  return defaults;
}

/** One operation of a document, compiled (or the errors that stopped it), with its fields' default arguments. */
type CompiledOperation = { query: CompiledQuery | ExecutionResult; fieldDefaults: ReadonlyMap<string, unknown> };

/**
 * Parses, validates and executes operations with caches at each step: a document is parsed once
 * per distinct text, validated once, and compiled once into a JavaScript function (graphql-jit)
 * that runs every later request. `/graphql` (through graphql-http) and MCP tools share it.
 */
export class GraphQLExecutor {
  readonly schema: GraphQLSchema;
  readonly limits: QueryLimits;
  readonly #parsed = new LRUCache<string, DocumentNode>({ max: 1_000 });
  readonly #validated = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  readonly #compiled = new WeakMap<DocumentNode, Map<string, CompiledOperation>>();
  readonly #costs = new WeakMap<DocumentNode, { sizing: string[]; byValues: Map<string, number | GraphQLError> }>();
  readonly #rules: readonly ValidationRule[];

  constructor(schema: GraphQLSchema, limits: Partial<QueryLimits> = {}) {
    this.schema = schema;
    this.limits = { ...DEFAULT_QUERY_LIMITS, ...limits };
    const report = (context: ValidationContext | null, error: GraphQLError) =>
      context?.reportError(tooComplex(error.message.replace(/^Syntax Error: /, '')));
    this.#rules = [
      ...specifiedRules,
      // Introspection counts too: the standard introspection query is 13 deep, within the limit.
      maxDepthRule({
        n: this.limits.maxDepth,
        ignoreIntrospection: false,
        flattenFragments: true,
        propagateOnRejection: false,
        onReject: [report],
      }),
      maxAliasesRule({ n: this.limits.maxAliases, propagateOnRejection: false, onReject: [report] }),
      maxIntrospectionsRule(this.limits),
    ];
  }

  /** `parse` with a cache and a token limit; throws GraphQLError on bad syntax. */
  readonly parse = (source: string | { body: string }): DocumentNode => {
    const text = typeof source === 'string' ? source : source.body;
    let document = this.#parsed.get(text);
    if (!document) {
      try {
        document = parse(text, { maxTokens: this.limits.maxTokens, noLocation: false });
      } catch (error) {
        // Over the token limit is a limit, as the guide says, not a syntax error.
        if (error instanceof GraphQLError && error.message.includes(`more that ${this.limits.maxTokens} tokens`)) {
          throw tooComplex(`The document has more than ${this.limits.maxTokens} tokens; send a shorter one.`);
        }
        throw error;
      }
      this.#parsed.set(text, document);
    }
    return document;
  };

  /** `validate` with the limits' rules, once per document. */
  readonly validate = (schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] => {
    let errors = this.#validated.get(document);
    if (!errors) {
      errors = validate(schema, document, this.#rules);
      this.#validated.set(document, errors);
    }
    return errors;
  };

  /** `execute` through a compiled query, after the cost check (which needs the variables). */
  readonly execute = (args: ExecutionArgs): ExecutionResult | Promise<ExecutionResult> => {
    const operationName = args.operationName ?? '';
    let byName = this.#compiled.get(args.document);
    if (!byName) this.#compiled.set(args.document, (byName = new Map<string, CompiledOperation>()));
    const operation = getOperationAST(args.document, args.operationName);
    let compiled = byName.get(operationName);
    if (!compiled) {
      compiled = {
        query: this.#compile(args.document, args.operationName ?? undefined),
        fieldDefaults: operation ? fieldDefaultsOfVariables(this.schema, operation) : new Map(),
      };
      byName.set(operationName, compiled);
    }
    const { query, fieldDefaults } = compiled;
    if (!isCompiledQuery(query)) return query;
    // graphql-jit ignores defaults of non-null input fields (`shippingType: String! = "PICKUP"`);
    // coercing with graphql-js first fills them in exactly as the spec says.
    const variables = operation?.variableDefinitions?.length
      ? getVariableValues(this.schema, operation.variableDefinitions, args.variableValues ?? {}, { maxErrors: 10 })
      : { coerced: {} };
    if (variables.errors) return { errors: variables.errors };
    for (const [name, value] of fieldDefaults)
      if (!Object.hasOwn(variables.coerced, name)) variables.coerced[name] = value;
    const cost = this.#cachedCost(args.document, operation, args.operationName ?? undefined, variables.coerced);
    if (cost instanceof GraphQLError) return { errors: [cost] };
    return query.query(args.rootValue, args.contextValue, variables.coerced) as
      ExecutionResult | Promise<ExecutionResult>;
  };

  /**
   * The response body for a result without errors, serialised by the compiled query's own
   * serializer (a schema-driven stringify, much faster than JSON.stringify on big pages); null
   * when the document was not compiled here.
   */
  serialize(document: DocumentNode, operationName: string | null | undefined, result: ExecutionResult): string | null {
    const compiled = this.#compiled.get(document)?.get(operationName ?? '')?.query;
    return compiled && isCompiledQuery(compiled) ? compiled.stringify(result) : null;
  }

  /**
   * Compiles with graphql-jit's schema-driven serializer, which cannot describe custom scalars
   * (`JSON`); those operations fall back to JSON.stringify.
   */
  #compile(document: DocumentNode, operationName: string | undefined): CompiledQuery | ExecutionResult {
    // graphql-jit reports compile failures as an ExecutionResult rather than throwing.
    const fast = compileQuery(this.schema, document, operationName, {
      disablingCapturingStackErrors: true,
      customJSONSerializer: true,
    });
    return isCompiledQuery(fast)
      ? fast
      : compileQuery(this.schema, document, operationName, { disablingCapturingStackErrors: true });
  }

  /**
   * The partner-budget units an operation spends: one per 100 of its cost, at least one. `/graphql`
   * and every MCP tool call are charged by it, so the same work costs the same on both.
   */
  unitsOf(
    document: DocumentNode,
    operationName: string | null | undefined,
    rawVariables: Record<string, unknown> | null | undefined,
  ): number {
    return Math.max(1, Math.ceil(this.costOf(document, operationName, rawVariables) / COST_PER_UNIT));
  }

  /** The operation's cost for rate limiting (cached); 0 when its variables do not coerce (execution reports them). */
  costOf(
    document: DocumentNode,
    operationName: string | null | undefined,
    rawVariables: Record<string, unknown> | null | undefined,
  ): number {
    const operation = getOperationAST(document, operationName);
    const variables = operation?.variableDefinitions?.length
      ? getVariableValues(this.schema, operation.variableDefinitions, rawVariables ?? {}, { maxErrors: 1 })
      : { coerced: {} };
    if (variables.errors) return 0;
    const cost = this.#cachedCost(document, operation, operationName ?? undefined, variables.coerced);
    return cost instanceof GraphQLError ? this.limits.maxCost : cost;
  }

  /** Costs depend only on the document and the variables that size lists, so they are cached on those. */
  #cachedCost(
    document: DocumentNode,
    operation: OperationDefinitionNode | null | undefined,
    operationName: string | undefined,
    variables: Record<string, unknown>,
  ): number | GraphQLError {
    let perDocument = this.#costs.get(document);
    if (!perDocument)
      this.#costs.set(document, (perDocument = { sizing: sizingVariables(operation), byValues: new Map() }));
    const key = perDocument.sizing.map((name) => JSON.stringify(variables[name] ?? null)).join('|');
    let cost = perDocument.byValues.get(key);
    if (cost === undefined) {
      cost = this.cost(document, operationName, variables);
      if (perDocument.byValues.size < 100) perDocument.byValues.set(key, cost);
    }
    return cost;
  }

  /** The operation's cost, or the error that refuses it. */
  cost(
    document: DocumentNode,
    operationName: string | undefined,
    variables: Record<string, unknown>,
  ): number | GraphQLError {
    try {
      const cost = getComplexity({
        schema: this.schema,
        query: document,
        operationName,
        variables,
        estimators: [pageSizeEstimator, simpleEstimator({ defaultComplexity: 1 })],
      });
      if (cost > this.limits.maxCost)
        return tooComplex(
          `The operation costs ${cost}, more than the limit of ${this.limits.maxCost}. Ask for smaller pages or fewer fields.`,
        );
      return cost;
    } catch {
      // Variables that do not coerce: execution reports them with the proper error, so let it run.
      return 0;
    }
  }

  /** Runs one operation end to end (for callers other than graphql-http, e.g. MCP tools). */
  async run(input: {
    query: string;
    variables?: Record<string, unknown>;
    operationName?: string;
    contextValue: unknown;
  }): Promise<ExecutionResult> {
    let document: DocumentNode;
    try {
      document = this.parse(input.query);
    } catch (error) {
      return { errors: [error instanceof GraphQLError ? error : new GraphQLError(String(error))] };
    }
    const errors = this.validate(this.schema, document);
    if (errors.length > 0) return { errors };
    return this.execute({
      schema: this.schema,
      document,
      variableValues: input.variables ?? {},
      operationName: input.operationName ?? null,
      contextValue: input.contextValue,
    });
  }
}
