import {
  ErrorCode,
  type ListResourcesResult,
  McpError,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';

/** The URIs of the server's resources. */
export const MCP_RESOURCES = { schema: 'shop://schema', docs: 'shop://docs' } as const;

/** What `resources/list` answers and how `resources/read` reads one, built once for every server. */
export interface McpResources {
  list: ListResourcesResult;
  read(uri: string): Promise<ReadResourceResult>;
}

/** The schema (SDL) every tool runs against and the agent guide, as MCP resources. */
export function createMcpResources(sources: { sdl: string; docs: () => string | Promise<string> }): McpResources {
  // Each resource once: what resources/list describes and what resources/read returns.
  const contents: Record<
    string,
    { name: string; title: string; description: string; mimeType: string; text: () => string | Promise<string> }
  > = {
    [MCP_RESOURCES.schema]: {
      name: 'schema',
      title: 'GraphQL schema',
      description: 'The GraphQL schema (SDL) every tool runs against, with a description on every type and field.',
      mimeType: 'application/graphql',
      text: () => sources.sdl,
    },
    [MCP_RESOURCES.docs]: {
      name: 'docs',
      title: 'Agent guide',
      description: 'How to shop with these tools: connecting, the purchase flow, every tool, errors.',
      mimeType: 'text/markdown',
      text: sources.docs,
    },
  };
  return {
    list: {
      resources: Object.entries(contents).map(([uri, { name, title, description, mimeType }]) => ({
        uri,
        name,
        title,
        description,
        mimeType,
      })),
    },
    async read(uri) {
      const resource = Object.hasOwn(contents, uri) ? contents[uri] : undefined;
      if (!resource) throw new McpError(ErrorCode.InvalidParams, `Resource ${uri.slice(0, 200)} not found`);
      return { contents: [{ uri, mimeType: resource.mimeType, text: await resource.text() }] };
    },
  };
}
