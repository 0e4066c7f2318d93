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
  --model <which>     chat: scripted or openai (default: openai when OPENAI_BASE_URL is set)
  --no-color          plain text without colours (also when NO_COLOR is set)
  --color             colours even when the output is not a terminal
  --verbose           also print the agent's log lines
  -h, --help          show this text

Environment (chat with a real model):
  OPENAI_BASE_URL     an OpenAI-compatible endpoint, e.g. https://api.openai.com/v1
  OPENAI_API_KEY      its key (leave unset for local servers without one)
  AALIS_MODEL         the model id, or several separated by commas (default gpt-4o-mini)

Environment (chat on PostgreSQL):
  AALIS_DATABASE_URL      as --database (the option wins); SQLite when neither is set
  AALIS_DATABASE_SCHEMA   the schema of the tables (default aalis)
`;
