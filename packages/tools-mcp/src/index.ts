export { ToolsMcpError, type ToolsMcpErrorOptions } from './tools-mcp-error';
