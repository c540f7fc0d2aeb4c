"""How a table handles each kind of situation, one policy a file (draws, rematch, absence,
resignation, timeouts, finishing): each turns a table and a request into drafts, and never
stores, sends or reads a clock itself."""
