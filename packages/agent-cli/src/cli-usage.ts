/** The usage text of `aalis-agent`. */
export const CLI_USAGE = `Usage: aalis-agent <command> [options]

Commands:
  chat      chat with the agent in the terminal (/help inside lists the commands)
  demo      a scripted tour of the agent: deterministic, no network
  help      show this text
  version   show the version

Options:
  --db <file>         SQLite history file (chat: .aalis/history.db; demo: a temporary file)
  --database <url>    chat: history and sessions in PostgreSQL, postgres://user:pass@host/db
                      (also AALIS_DATABASE_URL); several processes may share it
  --session <id>      chat: the conversation to use (default: cli)
  --provider <name>   chat: scripted, openai, anthropic or google
                      (default: openai when OPENAI_BASE_URL is set, else scripted)
  --mcp "<command>"   chat: tools of an MCP server started as a child process (stdio);
                      repeatable; "name=<command>" names the server (its tools: name__tool)
  --mcp-url <url>     chat: tools of an MCP server over Streamable HTTP; repeatable; name=<url>
  --no-color          plain text without colours (also when NO_COLOR is set)
  --color             colours even when the output is not a terminal
  --verbose           also print the agent's log lines
  -h, --help          show this text

Environment (chat with a real model):
  OPENAI_BASE_URL     an OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1
  OPENAI_API_KEY      its key (--provider openai: api.openai.com when no OPENAI_BASE_URL)
  ANTHROPIC_API_KEY   --provider anthropic (ANTHROPIC_BASE_URL for a proxy)
  GOOGLE_GENERATIVE_AI_API_KEY or GEMINI_API_KEY
                      --provider google (GOOGLE_GENERATIVE_AI_BASE_URL for a proxy)
  AALIS_MODEL         the model id, or several separated by commas (default gpt-4o-mini,
                      claude-sonnet-4-5 or gemini-2.5-flash)

Environment (chat on PostgreSQL):
  AALIS_DATABASE_URL      as --database (the option wins); SQLite when neither is set
  AALIS_DATABASE_SCHEMA   the schema of the tables (default aalis)
`;
